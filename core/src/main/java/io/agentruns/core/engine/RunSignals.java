package io.agentruns.core.engine;

import java.util.UUID;

/**
 * Wake-ups for workers: a run was queued, or a cancel was requested. Implementations: in-process
 * (H2, one JVM) and PostgreSQL LISTEN/NOTIFY (across processes). Signals are hints only; the slow
 * poll of {@link Worker} and the heartbeat still find everything if a signal is lost.
 */
public interface RunSignals {

    /** Receives signals on the implementation's delivery thread; must return quickly. */
    interface Listener {
        void runQueued();

        void cancelRequested(UUID runId);
    }

    /** Starts delivering to {@code listener}. Called once, by the owner of the worker's lifecycle. */
    void start(Listener listener);

    /** Stops delivering and releases any connection or thread. */
    void stop();
}
