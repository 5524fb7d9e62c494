package io.agentruns.core.harness;

/** This worker's lease on a run was taken over; nothing it does may be written any more. */
public class LeaseLostException extends RuntimeException {
    public LeaseLostException(String message) {
        super(message);
    }
}
