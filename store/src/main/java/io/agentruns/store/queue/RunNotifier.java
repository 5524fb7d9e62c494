package io.agentruns.store.queue;

import java.util.UUID;

/**
 * Tells the worker holding a run that a cancel was requested, from inside the transaction that
 * sets {@code cancel_requested} (invariant 6). PostgreSQL: NOTIFY, delivered at commit; in-process:
 * published after the commit. (New QUEUED runs are announced by the database itself: see
 * {@code db.migration.V10__queue_wakeups}.)
 */
public interface RunNotifier {
    void cancelRequested(UUID runId);

    /** For stores without workers to wake (tests of the store alone). */
    RunNotifier NONE = runId -> {
    };
}
