package io.agentruns.store.queue;

import io.agentruns.core.engine.InProcessRunSignals;

/**
 * The in-process signal bus of this JVM for the embedded H2 database: the H2 trigger of
 * {@code V10__queue_wakeups} publishes "run queued" here after commit, and the embedded worker
 * listens. One per JVM because H2 instantiates triggers itself; with several databases in one JVM
 * (tests) a wake-up may reach a worker of another database, which only costs it an empty claim.
 */
public final class H2Wakeups {
    private static final InProcessRunSignals SIGNALS = new InProcessRunSignals();

    private H2Wakeups() {
    }

    public static InProcessRunSignals signals() {
        return SIGNALS;
    }
}
