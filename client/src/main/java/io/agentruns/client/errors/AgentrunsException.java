package io.agentruns.client.errors;

/** Base of every error the SDK raises. */
public class AgentrunsException extends RuntimeException {
    public AgentrunsException(String message) {
        super(message);
    }

    public AgentrunsException(String message, Throwable cause) {
        super(message, cause);
    }
}
