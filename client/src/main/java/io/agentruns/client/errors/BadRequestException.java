package io.agentruns.client.errors;

import java.net.http.HttpHeaders;

/** 400 Bad Request (invalid_request): bad JSON, field, cursor or enum. */
public class BadRequestException extends ApiException {
    public BadRequestException(int status, Problem problem, HttpHeaders headers, String body) {
        super(status, problem, headers, body);
    }
}
