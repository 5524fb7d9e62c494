package io.agentruns.core.engine;

/** What a cancel request did. */
public enum CancelResult {
    /** The run was QUEUED and is now CANCELLED. */
    CANCELLED,
    /** The run is INPROGRESS; its worker was asked to stop and will end it CANCELLED. */
    SIGNALLED
}
