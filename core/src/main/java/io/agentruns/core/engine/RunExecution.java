package io.agentruns.core.engine;

import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.event.EventLog;
import io.agentruns.core.harness.Harness;
import io.agentruns.core.harness.HarnessException;
import io.agentruns.core.harness.HarnessRun;
import io.agentruns.core.harness.LeaseLostException;
import io.agentruns.core.harness.RunOutcome;
import io.agentruns.core.run.Ids;
import io.agentruns.core.run.StatusMessage;
import io.agentruns.core.run.Usage;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One claimed run handed to one harness invocation: mark started, prepare, execute, finish.
 * Runs on its own (virtual) thread; the heartbeater and cancel notifications talk to it through
 * {@link #cancelRequested()}, {@link #leaseLost()} and {@link #forceCancelIfOverdue}.
 */
final class RunExecution implements Runnable {
    private static final System.Logger LOG = System.getLogger(RunExecution.class.getName());

    private final Lease lease;
    private final RunQueue queue;
    private final EventLog events;
    private final Harness harness;
    private final HarnessRunLoader loader;
    private final Clock clock;
    private final CancellationSignal token = new CancellationSignal();
    /** Set once the final state was written (or given up): nothing else may try to write it. */
    private final AtomicBoolean done = new AtomicBoolean();
    private volatile boolean userCancelled;
    private volatile boolean lost;
    private volatile Instant cancelSignalledAt;

    RunExecution(Lease lease, RunQueue queue, EventLog events, Harness harness, HarnessRunLoader loader,
                 Clock clock) {
        this.lease = lease;
        this.queue = queue;
        this.events = events;
        this.harness = harness;
        this.loader = loader;
        this.clock = clock;
    }

    Lease lease() {
        return lease;
    }

    boolean isDone() {
        return done.get();
    }

    @Override
    public void run() {
        try {
            String sessionId = Ids.capability();
            HarnessRun harnessRun;
            try {
                harnessRun = loader.load(lease.teamId(), lease.runId(), sessionId);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "run " + lease().runId() + " could not be loaded for its harness", e);
                finishOnce(new RunOutcome.Failed(new StatusMessage("run could not be prepared: " + e.getMessage(),
                        ErrorCode.ENVIRONMENT_SETUP_FAILED, false), Usage.NONE, List.of()));
                return;
            }
            // From here on the run has side effects: the reaper fails it instead of queueing it again.
            queue.markStarted(lease(), sessionId);
            RunOutcome outcome = invokeHarness(harnessRun);
            if (lost) {
                return;
            }
            finishOnce(userCancelled && !(outcome instanceof RunOutcome.Succeeded)
                    ? new RunOutcome.Cancelled(outcome.usage()) : outcome);
        } catch (LeaseLostException e) {
            LOG.log(Level.INFO, "run " + lease().runId() + ": lease lost, writing nothing more (" + e.getMessage() + ")");
        } catch (RuntimeException e) {
            // The store failed (e.g. database down); the lease expires and the reaper finalises the run.
            LOG.log(Level.ERROR, "run " + lease().runId() + ": engine failure, leaving it to the reaper", e);
        } finally {
            done.set(true);
        }
    }

    private RunOutcome invokeHarness(HarnessRun harnessRun) {
        LeaseGuardedEventSink sink = new LeaseGuardedEventSink(events, lease());
        try (Harness.PreparedRun prepared = harness.prepare(harnessRun, sink, token)) {
            return prepared.execute(sink, token);
        } catch (HarnessException e) {
            return new RunOutcome.Failed(e.status(), Usage.NONE, List.of());
        } catch (LeaseLostException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "run " + lease().runId() + ": harness failed", e);
            return new RunOutcome.Failed(new StatusMessage("the agent failed unexpectedly: " + e.getClass().getSimpleName(),
                    ErrorCode.INTERNAL_ERROR, true), Usage.NONE, List.of());
        }
    }

    private void finishOnce(RunOutcome outcome) {
        if (done.compareAndSet(false, true)) {
            queue.finish(lease(), outcome);
        }
    }

    /** A user asked to cancel (seen by the heartbeat or a notification): stop the harness. */
    void cancelRequested() {
        userCancelled = true;
        if (token.cancel()) {
            cancelSignalledAt = clock.instant();
        }
    }

    /** The run is no longer ours: stop the harness; its writes are refused anyway. */
    void leaseLost() {
        lost = true;
        done.set(true);
        token.cancel();
    }

    /** Stops the harness of a run that was just released by a graceful stop. */
    void released() {
        leaseLost();
    }

    /**
     * Ends a cancelled run whose harness ignores the signal for longer than {@code grace}, so a cancel
     * always completes within seconds; the harness's later writes are refused by the lease.
     */
    void forceCancelIfOverdue(java.time.Duration grace) {
        Instant since = cancelSignalledAt;
        if (since != null && !done.get() && clock.instant().isAfter(since.plus(grace))) {
            try {
                finishOnce(new RunOutcome.Cancelled(Usage.NONE));
            } catch (LeaseLostException e) {
                leaseLost();
            }
        }
    }
}
