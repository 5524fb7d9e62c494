package io.agentruns.core.engine;

import java.time.Duration;

/** A latch the claim loop sleeps on: a signal that arrives while it is busy is not lost. */
final class WakeUp {
    private boolean pending;

    synchronized void signal() {
        pending = true;
        notifyAll();
    }

    /** Forgets earlier signals; called right before the queue is looked at. */
    synchronized void clear() {
        pending = false;
    }

    /** Waits until a signal arrived since the last {@link #clear()}, or until {@code timeout}. */
    synchronized void await(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!pending) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }
}
