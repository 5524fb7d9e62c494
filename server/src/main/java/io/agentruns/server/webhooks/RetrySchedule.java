package io.agentruns.server.webhooks;

import java.time.Duration;
import java.time.Instant;

/**
 * Exponential backoff for webhook deliveries: initial, 2x initial, 4x ... capped at {@code maxDelay};
 * attempts continue until {@code retryFor} has passed since the delivery was created (default 26 h,
 * so at least 24 h of retries).
 */
public record RetrySchedule(Duration initialDelay, Duration maxDelay, Duration retryFor) {

    public static RetrySchedule defaults() {
        return new RetrySchedule(Duration.ofSeconds(5), Duration.ofHours(4), Duration.ofHours(26));
    }

    /** When to try again after {@code attempts} failed attempts, or null when the delivery gives up. */
    public Instant nextAttempt(Instant createdAt, int attempts, Instant now) {
        long factor = 1L << Math.min(Math.max(attempts - 1, 0), 30);
        Duration delay = initialDelay.multipliedBy(factor);
        if (delay.compareTo(maxDelay) > 0 || delay.isNegative()) {
            delay = maxDelay;
        }
        Instant next = now.plus(delay);
        Instant deadline = createdAt.plus(retryFor);
        if (!now.isBefore(deadline)) {
            return null;
        }
        // The last attempt happens at the deadline rather than never.
        return next.isAfter(deadline) ? deadline : next;
    }
}
