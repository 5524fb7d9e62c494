package io.agentruns.core.engine;

import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.event.EventLog;
import io.agentruns.core.harness.Harness;
import io.agentruns.core.harness.LeaseLostException;
import io.agentruns.core.run.StatusMessage;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Claims runs and hands each to exactly one harness invocation, with at most
 * {@code concurrency} runs at once. One claim loop (so claims of one process never race each other
 * for the team cap), one virtual thread per run, and a heartbeat loop. The {@link Reaper} runs
 * separately.
 * Nothing starts before {@link #start()}; {@link #stop()} is the graceful stop.
 */
public final class Worker {
    private static final System.Logger LOG = System.getLogger(Worker.class.getName());

    private final RunQueue queue;
    private final EventLog events;
    private final Harness harness;
    private final HarnessRunLoader loader;
    private final RunSignals signals;
    private final WorkerSettings settings;
    private final Clock clock;

    private final Map<UUID, RunExecution> active = new ConcurrentHashMap<>();
    private final WakeUp wakeUp = new WakeUp();
    private final Semaphore slots;
    private volatile boolean claiming;
    private Thread claimLoop;
    private ExecutorService runThreads;
    private ScheduledExecutorService heartbeatLoop;
    private RunSignals.Subscription subscription;

    public Worker(RunQueue queue, EventLog events, Harness harness, HarnessRunLoader loader, RunSignals signals,
                  WorkerSettings settings, Clock clock) {
        this.queue = queue;
        this.events = events;
        this.harness = harness;
        this.loader = loader;
        this.signals = signals;
        this.settings = settings;
        this.clock = clock;
        this.slots = new Semaphore(settings.concurrency());
    }

    public WorkerSettings settings() {
        return settings;
    }

    public synchronized boolean isRunning() {
        return claimLoop != null;
    }

    /** Number of runs this worker executes right now. */
    public int activeRuns() {
        return active.size();
    }

    public synchronized void start() {
        if (claimLoop != null) {
            return;
        }
        claiming = true;
        runThreads = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("agentruns-run-", 0).factory());
        Heartbeater heartbeater = new Heartbeater(queue, active::values, settings.cancelGrace());
        heartbeatLoop = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("agentruns-heartbeat").factory());
        heartbeatLoop.scheduleWithFixedDelay(heartbeater::beat, settings.heartbeatInterval().toMillis(),
                settings.heartbeatInterval().toMillis(), TimeUnit.MILLISECONDS);
        subscription = signals.subscribe(new RunSignals.Listener() {
            @Override
            public void runQueued() {
                wakeUp.signal();
            }

            @Override
            public void cancelRequested(UUID runId) {
                RunExecution execution = active.get(runId);
                if (execution != null) {
                    execution.cancelRequested();
                }
            }
        });
        claimLoop = Thread.ofPlatform().daemon().name("agentruns-claim-loop").start(this::claimLoop);
        LOG.log(Level.INFO, "worker " + settings.workerId() + " started (pool "
                + (settings.workerHost() == null ? "default" : settings.workerHost()) + ", concurrency "
                + settings.concurrency() + ")");
    }

    /**
     * Claims as many runs as there are free slots in one call (one transaction for all of them), so a
     * burst of arrivals costs one claim instead of one per run; waits only when nothing was claimed.
     */
    private void claimLoop() {
        while (claiming) {
            try {
                slots.acquire();
                int free = 1 + slots.drainPermits();
                int handedOver = 0;
                try {
                    if (!claiming) {
                        return;
                    }
                    wakeUp.clear();
                    for (Lease claimed : queue.claim(settings.workerId(), settings.workerHost(), free)) {
                        execute(claimed);
                        handedOver++;
                    }
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "claiming runs failed; retrying after the poll interval", e);
                } finally {
                    slots.release(free - handedOver);
                }
                if (handedOver == 0) {
                    wakeUp.await(settings.pollInterval());
                }
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void execute(Lease claimed) {
        RunExecution execution = new RunExecution(claimed, queue, events, harness, loader, clock);
        active.put(claimed.runId(), execution);
        runThreads.execute(() -> {
            try {
                execution.run();
            } finally {
                active.remove(claimed.runId(), execution);
                slots.release();
            }
        });
    }

    /**
     * Graceful stop: stop claiming, let running runs finish for the drain period, then release the
     * rest as the reaper would (not started: QUEUED again; started: FAILED, retryable) and stop their harnesses.
     */
    public void stop() {
        Thread loop;
        synchronized (this) {
            if (claimLoop == null) {
                return;
            }
            loop = claimLoop;
            claimLoop = null;
        }
        claiming = false;
        loop.interrupt();
        subscription.close();
        long deadline = System.nanoTime() + settings.drainPeriod().toNanos();
        try {
            loop.join(1000);
            while (!active.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<RunExecution> left = List.copyOf(active.values());
        for (RunExecution execution : left) {
            try {
                queue.release(execution.lease(), new StatusMessage("worker lost: worker " + settings.workerId()
                        + " stopped before the run finished", ErrorCode.RESOURCE_UNAVAILABLE, true));
            } catch (LeaseLostException e) {
                // Finished or reaped meanwhile: nothing to release.
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "releasing run " + execution.lease().runId() + " failed; the reaper will", e);
            }
            execution.released();
        }
        heartbeatLoop.shutdownNow();
        runThreads.shutdownNow();
        try {
            runThreads.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        LOG.log(Level.INFO, "worker " + settings.workerId() + " stopped; released " + left.size() + " run(s)");
    }

    /** Drain period used by {@link #stop()}. */
    public Duration drainPeriod() {
        return settings.drainPeriod();
    }
}
