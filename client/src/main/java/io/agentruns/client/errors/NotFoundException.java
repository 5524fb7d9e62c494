package io.agentruns.client.errors;

import java.net.http.HttpHeaders;

/** 404: no such resource visible to the caller. */
public class NotFoundException extends ApiException {
    public NotFoundException(int status, Problem problem, HttpHeaders headers, String body) {
        super(status, problem, headers, body);
    }
}
