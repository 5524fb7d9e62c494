package io.agentruns.client;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Per-request overrides of the client's settings: timeout, retries, idempotency key and extra headers.
 * {@link #none()} keeps the client's defaults.
 */
public final class RequestOptions {
    private static final RequestOptions NONE = builder().build();

    private final Duration timeout;
    private final Integer maxRetries;
    private final String idempotencyKey;
    private final Map<String, String> headers;

    private RequestOptions(Builder b) {
        this.timeout = b.timeout;
        this.maxRetries = b.maxRetries;
        this.idempotencyKey = b.idempotencyKey;
        this.headers = Map.copyOf(b.headers);
    }

    public static RequestOptions none() {
        return NONE;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Null when the client's timeout applies. */
    public Duration timeout() { return timeout; }
    /** Null when the client's retry count applies. */
    public Integer maxRetries() { return maxRetries; }
    /** Null when the SDK makes one key per create call. */
    public String idempotencyKey() { return idempotencyKey; }
    public Map<String, String> headers() { return headers; }

    /** Builder of {@link RequestOptions}. */
    public static final class Builder {
        private Duration timeout;
        private Integer maxRetries;
        private String idempotencyKey;
        private final Map<String, String> headers = new LinkedHashMap<>();

        public Builder timeout(Duration timeout) { this.timeout = timeout; return this; }
        public Builder maxRetries(int maxRetries) { this.maxRetries = maxRetries; return this; }
        /**
         * The {@code Idempotency-Key} of a create; reuse it to retry a create yourself (e.g. after a crash)
         * without making a second resource. By default every create call makes its own random key, the same
         * for all of that call's retries.
         */
        public Builder idempotencyKey(String key) { this.idempotencyKey = key; return this; }
        public Builder header(String name, String value) { headers.put(name, value); return this; }

        public RequestOptions build() {
            return new RequestOptions(this);
        }
    }
}
