package io.agentruns.store.queue;

import java.util.UUID;

/**
 * Announces queue changes to workers from inside the transaction that makes them (invariant 6:
 * side effects follow commits). PostgreSQL: NOTIFY, delivered by the server at commit; in-process:
 * published after the commit.
 */
public interface RunNotifier {
    /** A run became QUEUED (created or given back). */
    void runQueued();

    /** A cancel was requested for an INPROGRESS run. */
    void cancelRequested(UUID runId);

    /** For stores without workers to wake (tests of the store alone). */
    RunNotifier NONE = new RunNotifier() {
        @Override
        public void runQueued() {
        }

        @Override
        public void cancelRequested(UUID runId) {
        }
    };
}
