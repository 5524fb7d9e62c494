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

    /** Delivery to one listener until closed. */
    interface Subscription extends AutoCloseable {
        @Override
        void close();
    }

    /** Starts delivering to {@code listener} (called by the owner of the worker's lifecycle, never a constructor). */
    Subscription subscribe(Listener listener);
}
