package io.agentruns.client.errors;

/** The service did not answer within the request timeout (after the retries). */
public class ApiTimeoutException extends ApiConnectionException {
    public ApiTimeoutException(String message, Throwable cause) {
        super(message, cause);
    }
}
