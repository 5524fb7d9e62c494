package io.agentruns.client.errors;

/** No answer from the service: connection refused, reset or closed (after the retries). */
public class ApiConnectionException extends AgentrunsException {
    public ApiConnectionException(String message, Throwable cause) {
        super(message, cause);
    }
}
