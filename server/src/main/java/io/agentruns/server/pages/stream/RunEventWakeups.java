package io.agentruns.server.pages.stream;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Wakes event streams when their run's log grows. Signals come from the store's notifier (after an
 * in-process commit on H2; from PostgreSQL LISTEN across processes) and are hints only: every
 * stream re-reads the durable log from its last seq, and polls it anyway every poll interval.
 */
public final class RunEventWakeups {
    private final Map<UUID, Set<Waiter>> waiters = new ConcurrentHashMap<>();

    /** One stream's latch: a signal that arrives while the stream is busy is not lost. */
    public final class Waiter implements AutoCloseable {
        private final UUID runId;
        private boolean pending;

        private Waiter(UUID runId) {
            this.runId = runId;
        }

        synchronized void signal() {
            pending = true;
            notifyAll();
        }

        /** Forgets earlier signals; called right before the log is read. */
        public synchronized void clear() {
            pending = false;
        }

        /** Waits for a signal since the last {@link #clear()}, or {@code timeout}; true when signalled. */
        public synchronized boolean await(Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (!pending) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                wait(Math.max(1, left / 1_000_000));
            }
            return true;
        }

        @Override
        public void close() {
            waiters.computeIfPresent(runId, (id, set) -> {
                set.remove(this);
                return set.isEmpty() ? null : set;
            });
        }
    }

    public Waiter register(UUID runId) {
        Waiter w = new Waiter(runId);
        waiters.computeIfAbsent(runId, id -> ConcurrentHashMap.newKeySet()).add(w);
        return w;
    }

    /** New events of {@code runId} were committed. */
    public void signal(UUID runId) {
        Set<Waiter> set = waiters.get(runId);
        if (set != null) {
            set.forEach(Waiter::signal);
        }
    }

    /** Wakes every stream (shutdown). */
    public void signalAll() {
        waiters.values().forEach(set -> set.forEach(Waiter::signal));
    }

    public int watchedRuns() {
        return waiters.size();
    }
}
