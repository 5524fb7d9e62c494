package io.agentruns.core.harness;

import io.agentruns.core.run.StatusMessage;

/** A harness could not prepare or run; {@code status} becomes the run's status_message. */
public class HarnessException extends Exception {
    private final StatusMessage status;

    public HarnessException(StatusMessage status) {
        super(status.message());
        this.status = status;
    }

    public HarnessException(StatusMessage status, Throwable cause) {
        super(status.message(), cause);
        this.status = status;
    }

    public StatusMessage status() {
        return status;
    }
}
