package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/**
 * The state of a run. The service serves QUEUED, INPROGRESS, SUCCEEDED, FAILED and CANCELLED; the other
 * names are accepted by the list filter for compatibility. A value this SDK does not know reads as
 * {@link #UNKNOWN} instead of failing.
 */
public enum RunState {
    QUEUED, PENDING, CLAIMED, INPROGRESS, BLOCKED, SUCCEEDED, FAILED, CANCELLED, ERROR,
    @JsonEnumDefaultValue UNKNOWN;

    /** True for the states that never change again: SUCCEEDED, FAILED, CANCELLED (and ERROR). */
    public boolean isFinal() {
        return this == SUCCEEDED || this == FAILED || this == CANCELLED || this == ERROR;
    }
}
