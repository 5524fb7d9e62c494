package io.agentruns.client.errors;

import java.net.http.HttpHeaders;

/** 409: e.g. cancel of a finished run. */
public class ConflictException extends ApiException {
    public ConflictException(int status, Problem problem, HttpHeaders headers, String body) {
        super(status, problem, headers, body);
    }
}
