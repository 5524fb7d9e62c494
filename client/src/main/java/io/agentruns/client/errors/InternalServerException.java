package io.agentruns.client.errors;

import java.net.http.HttpHeaders;

/** 5xx: an outage or a bug on the service. */
public class InternalServerException extends ApiException {
    public InternalServerException(int status, Problem problem, HttpHeaders headers, String body) {
        super(status, problem, headers, body);
    }
}
