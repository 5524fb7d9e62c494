package io.agentruns.core.engine;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Collection;
import java.util.function.Supplier;

/**
 * Renews the lease of every run this worker executes, and is how a cancel requested on another
 * node reaches this one: the renewal reports {@code cancel_requested}. Called periodically by
 * {@link Worker}; one tick is {@link #beat()}.
 */
final class Heartbeater {
    private static final System.Logger LOG = System.getLogger(Heartbeater.class.getName());

    private final RunQueue queue;
    private final Supplier<Collection<RunExecution>> executions;
    private final Duration cancelGrace;

    Heartbeater(RunQueue queue, Supplier<Collection<RunExecution>> executions, Duration cancelGrace) {
        this.queue = queue;
        this.executions = executions;
        this.cancelGrace = cancelGrace;
    }

    void beat() {
        for (RunExecution execution : executions.get()) {
            if (execution.isDone()) {
                continue;
            }
            try {
                switch (queue.heartbeat(execution.lease())) {
                    case RENEWED -> { }
                    case CANCEL_REQUESTED -> execution.cancelRequested();
                    case LOST -> execution.leaseLost();
                }
                execution.forceCancelIfOverdue(cancelGrace);
            } catch (RuntimeException e) {
                // Database trouble: keep trying; if it lasts, the lease expires and the reaper takes over.
                LOG.log(Level.WARNING, "heartbeat for run " + execution.lease().runId() + " failed", e);
            }
        }
    }
}
