package io.agentruns.core.engine;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Finalises runs whose worker stopped heartbeating (invariant 3, guarded by
 * RunQueueContractTest#reaperFailsStartedRunsAndRequeuesUnstartedOnes and the crash test). Runs in
 * every process (API and workers) on its own loop, {@link #start}ed and {@link #stop}ped
 * explicitly. Any number of reapers may run: each move is guarded by state and version.
 */
public final class Reaper {
    private static final System.Logger LOG = System.getLogger(Reaper.class.getName());
    private static final int BATCH = 100;

    private final RunQueue queue;
    private final Duration interval;
    private ScheduledExecutorService loop;

    public Reaper(RunQueue queue, Duration interval) {
        this.queue = queue;
        this.interval = interval;
    }

    public synchronized void start() {
        if (loop != null) {
            return;
        }
        loop = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("agentruns-reaper").factory());
        loop.scheduleWithFixedDelay(() -> {
            try {
                reapOnce();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "reaper pass failed", e);
            }
        }, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    public synchronized void stop() {
        if (loop != null) {
            loop.shutdownNow();
            loop = null;
        }
    }

    public synchronized boolean isRunning() {
        return loop != null;
    }

    /** Reaps until no expired lease is left; returns how many runs moved. */
    public int reapOnce() {
        int total = 0;
        int moved;
        do {
            moved = queue.reapExpired(BATCH);
            total += moved;
        } while (moved == BATCH);
        if (total > 0) {
            LOG.log(Level.INFO, "reaper finalised " + total + " run(s) whose worker was lost");
        }
        return total;
    }
}
