package io.agentruns.client.errors;

import java.net.http.HttpHeaders;

/** 401: missing, malformed, unknown, revoked or expired key. */
public class AuthenticationException extends ApiException {
    public AuthenticationException(int status, Problem problem, HttpHeaders headers, String body) {
        super(status, problem, headers, body);
    }
}
