package io.agentruns.core.run;

/** The states a run is served in. Wire-only names (PENDING, CLAIMED, ...) live in the model module. */
public enum RunState {
    QUEUED, INPROGRESS, SUCCEEDED, FAILED, CANCELLED;

    /** SUCCEEDED, FAILED and CANCELLED never change again (invariant 4). */
    public boolean isFinal() {
        return this == SUCCEEDED || this == FAILED || this == CANCELLED;
    }
}
