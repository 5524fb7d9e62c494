package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/**
 * The state of a run. The service serves QUEUED, INPROGRESS, SUCCEEDED, FAILED and CANCELLED; the other
 * names are accepted by the list filter for compatibility. A value this SDK does not know reads as
 * {@link #UNKNOWN} instead of failing.
 */
public enum RunState {
    /** Waiting for a worker. */
    QUEUED,
    /** Accepted by the list filter for compatibility; not served. */
    PENDING,
    /** Accepted by the list filter for compatibility; not served. */
    CLAIMED,
    /** The agent is running. */
    INPROGRESS,
    /** Accepted by the list filter for compatibility; not served. */
    BLOCKED,
    /** Final: the agent finished; {@code session_link} is set. */
    SUCCEEDED,
    /** Final: see {@code status_message}. */
    FAILED,
    /** Final: cancelled by the cancel endpoint. */
    CANCELLED,
    /** Accepted by the list filter for compatibility; not served. */
    ERROR,
    /** A state this SDK version does not know. */
    @JsonEnumDefaultValue UNKNOWN;

    /** True for the states that never change again: SUCCEEDED, FAILED, CANCELLED (and ERROR). */
    public boolean isFinal() {
        return this == SUCCEEDED || this == FAILED || this == CANCELLED || this == ERROR;
    }
}
