package io.agentruns.client.internal;

import io.agentruns.client.ClientOptions;
import io.agentruns.client.RequestOptions;
import io.agentruns.client.errors.ApiConnectionException;
import io.agentruns.client.errors.ApiException;
import io.agentruns.client.errors.ApiTimeoutException;
import io.agentruns.client.errors.Problem;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/**
 * Sends API calls with the retry policy: connection errors, timeouts, 408, 409, 429 and 5xx are retried up
 * to {@code maxRetries} times with backoff (honouring {@code Retry-After}); a create keeps one
 * {@code Idempotency-Key} across all its attempts, so that a retried create never makes two resources
 * (guarded by {@code RetryBehaviourTest}).
 */
public final class HttpTransport {
    public static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    static final String USER_AGENT = "agentruns-java/0.1";

    private final ClientOptions settings;
    private final HttpClient http;
    private final Backoff backoff;

    public HttpTransport(ClientOptions settings, HttpClient http, Backoff backoff) {
        this.settings = settings;
        this.http = http;
        this.backoff = backoff;
    }

    /** Sends the call and answers the 2xx response, or fails with the SDK's exception for the outcome. */
    public CompletableFuture<HttpResponse<String>> send(ApiRequest request, RequestOptions options) {
        RequestOptions opts = options == null ? RequestOptions.none() : options;
        String idempotencyKey = request.create()
                ? (opts.idempotencyKey() != null ? opts.idempotencyKey() : UUID.randomUUID().toString())
                : null;
        String body = request.body() == null ? null : Json.write(request.body());
        HttpRequest httpRequest = build(request, opts, idempotencyKey, body);
        int maxRetries = opts.maxRetries() != null ? opts.maxRetries() : settings.maxRetries();
        return attempt(httpRequest, 0, maxRetries);
    }

    private CompletableFuture<HttpResponse<String>> attempt(HttpRequest request, int retriesDone, int maxRetries) {
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8))
                .handle((response, error) -> {
                    if (error != null) {
                        Throwable cause = error instanceof CompletionException && error.getCause() != null
                                ? error.getCause() : error;
                        if (retriesDone < maxRetries && isRetryable(cause)) {
                            return retryLater(request, retriesDone, maxRetries, null);
                        }
                        return CompletableFuture.<HttpResponse<String>>failedFuture(connectionError(request, cause));
                    }
                    if (response.statusCode() / 100 == 2) {
                        return CompletableFuture.completedFuture(response);
                    }
                    if (retriesDone < maxRetries && shouldRetry(response)) {
                        return retryLater(request, retriesDone, maxRetries, response.headers());
                    }
                    return CompletableFuture.<HttpResponse<String>>failedFuture(apiError(response));
                })
                .thenCompose(f -> f);
    }

    private CompletableFuture<HttpResponse<String>> retryLater(HttpRequest request, int retriesDone, int maxRetries,
                                                               HttpHeaders headers) {
        Duration delay = backoff.delay(retriesDone + 1, headers);
        HttpRequest next = HttpRequest.newBuilder(request, (n, v) -> true)
                .setHeader("X-Agentruns-Retry-Count", Integer.toString(retriesDone + 1)).build();
        return CompletableFuture.supplyAsync(() -> null,
                        CompletableFuture.delayedExecutor(delay.toMillis(), TimeUnit.MILLISECONDS))
                .thenCompose(x -> attempt(next, retriesDone + 1, maxRetries));
    }

    private static boolean isRetryable(Throwable cause) {
        // Connection refused/reset/closed and timeouts: the request may or may not have been processed,
        // which is safe because creates carry an idempotency key.
        return cause instanceof IOException;
    }

    /** 408, 409, 429 and 5xx are retried; the server can say otherwise with {@code x-should-retry}. */
    static boolean shouldRetry(HttpResponse<String> response) {
        String explicit = response.headers().firstValue("x-should-retry").orElse(null);
        if ("true".equalsIgnoreCase(explicit)) {
            return true;
        }
        if ("false".equalsIgnoreCase(explicit)) {
            return false;
        }
        int s = response.statusCode();
        return s == 408 || s == 409 || s == 429 || s >= 500;
    }

    private static RuntimeException connectionError(HttpRequest request, Throwable cause) {
        String what = request.method() + " " + request.uri();
        if (cause instanceof HttpTimeoutException) {
            return new ApiTimeoutException("timed out: " + what, cause);
        }
        return new ApiConnectionException("connection error: " + what + ": " + cause, cause);
    }

    /** The exception for a non-2xx answer, carrying its problem body. */
    public static ApiException apiError(HttpResponse<String> response) {
        return apiError(response.statusCode(), response.headers(), response.body());
    }

    public static ApiException apiError(int status, HttpHeaders headers, String body) {
        Problem problem = null;
        if (body != null && body.trim().startsWith("{")) {
            try {
                problem = Json.mapper().readValue(body, Problem.class);
            } catch (RuntimeException ignored) {
                // not JSON after all: the raw text becomes the detail below
            }
        }
        if (problem == null) {
            problem = Problem.fromText(status, body == null ? "" : body.strip());
        }
        return ApiException.of(status, problem, headers, body);
    }

    /** The URI of a path relative to the base URL, with query parameters. */
    public URI uri(String path, io.agentruns.client.types.QueryParams query) {
        String q = query == null ? "" : query.encode();
        return URI.create(settings.baseUrl() + path + (q.isEmpty() ? "" : "?" + q));
    }

    /** A request builder with the base headers (auth, user agent, defaults, per-request headers). */
    public HttpRequest.Builder baseRequest(URI uri, RequestOptions opts, Duration timeout) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).header("User-Agent", USER_AGENT);
        if (timeout != null) {
            b.timeout(timeout);
        }
        if (settings.apiKey() != null) {
            b.header("Authorization", "Bearer " + settings.apiKey());
        }
        settings.defaultHeaders().forEach(b::setHeader);
        opts.headers().forEach(b::setHeader);
        return b;
    }

    private HttpRequest build(ApiRequest request, RequestOptions opts, String idempotencyKey, String body) {
        Duration timeout = opts.timeout() != null ? opts.timeout() : settings.timeout();
        HttpRequest.Builder b = baseRequest(uri(request.path(), request.query()), opts, timeout)
                .header("Accept", "application/json");
        if (idempotencyKey != null) {
            b.setHeader(IDEMPOTENCY_KEY, idempotencyKey);
        }
        if (body != null) {
            b.header("Content-Type", "application/json");
            b.method(request.method(), HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        } else {
            b.method(request.method(), HttpRequest.BodyPublishers.noBody());
        }
        return b.build();
    }

    /** Encodes one path segment (an id). */
    public static String segment(String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("id must not be blank");
        }
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    public HttpClient http() {
        return http;
    }

    public ClientOptions settings() {
        return settings;
    }
}
