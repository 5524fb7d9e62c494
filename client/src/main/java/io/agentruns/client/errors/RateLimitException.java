package io.agentruns.client.errors;

import java.net.http.HttpHeaders;

/** 429: too many requests; the SDK has already honoured Retry-After for its retries. */
public class RateLimitException extends ApiException {
    public RateLimitException(int status, Problem problem, HttpHeaders headers, String body) {
        super(status, problem, headers, body);
    }
}
