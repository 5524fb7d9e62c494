package io.agentruns.client;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * Settings of a client: where the service is, the API key, and the defaults for timeouts and retries.
 * Build with {@link #builder()}; unset base URL and key come from {@code AGENTRUNS_BASE_URL} and
 * {@code AGENTRUNS_API_KEY}.
 */
public final class ClientOptions {
    /** Environment variable read when no base URL is given. */
    public static final String ENV_BASE_URL = "AGENTRUNS_BASE_URL";
    /** Environment variable read when no API key is given. */
    public static final String ENV_API_KEY = "AGENTRUNS_API_KEY";
    /** Used when neither an argument nor the environment names a base URL. */
    public static final String DEFAULT_BASE_URL = "http://localhost:8080/api/v1";

    private final URI baseUrl;
    private final String apiKey;
    private final Duration timeout;
    private final Duration connectTimeout;
    private final int maxRetries;
    private final Duration initialRetryDelay;
    private final Duration maxRetryDelay;
    private final Map<String, String> defaultHeaders;
    private final HttpClient httpClient;
    private final Executor executor;

    private ClientOptions(Builder b, Map<String, String> env) {
        String url = b.baseUrl != null ? b.baseUrl : env.get(ENV_BASE_URL);
        this.baseUrl = normalizeBaseUrl(url == null || url.isBlank() ? DEFAULT_BASE_URL : url);
        String key = b.apiKey != null ? b.apiKey : env.get(ENV_API_KEY);
        this.apiKey = key == null || key.isBlank() ? null : key.trim();
        this.timeout = Objects.requireNonNull(b.timeout);
        this.connectTimeout = Objects.requireNonNull(b.connectTimeout);
        if (b.maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must be >= 0");
        }
        this.maxRetries = b.maxRetries;
        this.initialRetryDelay = b.initialRetryDelay;
        this.maxRetryDelay = b.maxRetryDelay;
        this.defaultHeaders = Map.copyOf(b.defaultHeaders);
        this.httpClient = b.httpClient;
        this.executor = b.executor;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Accepts {@code http://host:port}, {@code http://host:port/} or {@code http://host:port/api/v1}: a URL
     * without an {@code /api/v...} segment gets {@code /api/v1} appended.
     */
    static URI normalizeBaseUrl(String url) {
        String u = url.trim();
        while (u.endsWith("/")) {
            u = u.substring(0, u.length() - 1);
        }
        URI uri = URI.create(u);
        if (uri.getScheme() == null || uri.getHost() == null) {
            throw new IllegalArgumentException("base URL must be absolute, e.g. http://localhost:8080: " + url);
        }
        String path = uri.getPath() == null ? "" : uri.getPath();
        if (!path.matches(".*/api/v\\d+$")) {
            u = u + "/api/v1";
        }
        return URI.create(u);
    }

    /** The base URL, ending with the version segment, e.g. {@code http://localhost:8080/api/v1}. */
    public URI baseUrl() { return baseUrl; }
    /** The API key sent as {@code Authorization: Bearer ...}, or null. */
    public String apiKey() { return apiKey; }
    /** Default time to wait for an answer, per attempt. */
    public Duration timeout() { return timeout; }
    public Duration connectTimeout() { return connectTimeout; }
    /** Default number of retries after the first attempt. */
    public int maxRetries() { return maxRetries; }
    public Duration initialRetryDelay() { return initialRetryDelay; }
    public Duration maxRetryDelay() { return maxRetryDelay; }
    public Map<String, String> defaultHeaders() { return defaultHeaders; }
    HttpClient httpClient() { return httpClient; }
    Executor executor() { return executor; }

    /** A builder holding these settings. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.baseUrl = baseUrl.toString();
        b.apiKey = apiKey;
        b.timeout = timeout;
        b.connectTimeout = connectTimeout;
        b.maxRetries = maxRetries;
        b.initialRetryDelay = initialRetryDelay;
        b.maxRetryDelay = maxRetryDelay;
        b.defaultHeaders.putAll(defaultHeaders);
        b.httpClient = httpClient;
        b.executor = executor;
        return b;
    }

    /** Builder of {@link ClientOptions}. */
    public static final class Builder {
        private String baseUrl;
        private String apiKey;
        private Duration timeout = Duration.ofSeconds(60);
        private Duration connectTimeout = Duration.ofSeconds(10);
        private int maxRetries = 2;
        private Duration initialRetryDelay = Duration.ofMillis(500);
        private Duration maxRetryDelay = Duration.ofSeconds(8);
        private final Map<String, String> defaultHeaders = new LinkedHashMap<>();
        private HttpClient httpClient;
        private Executor executor;
        private Map<String, String> env = System.getenv();

        /** E.g. {@code http://localhost:8080} or {@code https://agents.example.com/api/v1}. */
        public Builder baseUrl(String baseUrl) { this.baseUrl = baseUrl; return this; }
        public Builder apiKey(String apiKey) { this.apiKey = apiKey; return this; }
        /** Time to wait for an answer, per attempt (default 60 s). */
        public Builder timeout(Duration timeout) { this.timeout = timeout; return this; }
        public Builder connectTimeout(Duration connectTimeout) { this.connectTimeout = connectTimeout; return this; }
        /** Retries after the first attempt (default 2; 0 disables retries). */
        public Builder maxRetries(int maxRetries) { this.maxRetries = maxRetries; return this; }
        /** First backoff delay (default 500 ms); doubles per retry, with jitter. */
        public Builder initialRetryDelay(Duration d) { this.initialRetryDelay = d; return this; }
        /** Cap of the backoff delay (default 8 s). */
        public Builder maxRetryDelay(Duration d) { this.maxRetryDelay = d; return this; }
        /** A header sent with every request. */
        public Builder defaultHeader(String name, String value) { defaultHeaders.put(name, value); return this; }
        /** Uses this {@link HttpClient} instead of building one. */
        public Builder httpClient(HttpClient httpClient) { this.httpClient = httpClient; return this; }
        /** Runs the blocking parts of async event following (default: a shared daemon pool). */
        public Builder executor(Executor executor) { this.executor = executor; return this; }
        /** Reads AGENTRUNS_* from this map instead of the process environment (for tests and tools). */
        public Builder environment(Map<String, String> env) { this.env = Map.copyOf(env); return this; }

        public ClientOptions build() {
            return new ClientOptions(this, env);
        }
    }
}
