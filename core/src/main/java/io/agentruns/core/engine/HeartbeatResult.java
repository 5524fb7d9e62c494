package io.agentruns.core.engine;

/** What renewing a lease found out. */
public enum HeartbeatResult {
    /** The lease was extended; carry on. */
    RENEWED,
    /** The lease was extended, and someone asked to cancel the run: signal the harness. */
    CANCEL_REQUESTED,
    /** The run is no longer ours (reaped, taken over or final): stop and write nothing. */
    LOST
}
