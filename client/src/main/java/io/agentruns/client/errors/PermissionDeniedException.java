package io.agentruns.client.errors;

import java.net.http.HttpHeaders;

/** 403: the key lacks the scope. */
public class PermissionDeniedException extends ApiException {
    public PermissionDeniedException(int status, Problem problem, HttpHeaders headers, String body) {
        super(status, problem, headers, body);
    }
}
