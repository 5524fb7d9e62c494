package io.agentruns.client.errors;

import java.net.http.HttpHeaders;

/** 422: e.g. an unknown environment_id, or an idempotency key reused with another body. */
public class UnprocessableEntityException extends ApiException {
    public UnprocessableEntityException(int status, Problem problem, HttpHeaders headers, String body) {
        super(status, problem, headers, body);
    }
}
