package io.agentruns.store.queue;

import java.time.Duration;

/**
 * @param lease             how long a claim or heartbeat holds a run (AGENTRUNS_LEASE_SECONDS)
 * @param teamMaxInProgress per-team cap on INPROGRESS runs; 0 = no cap (AGENTRUNS_TEAM_MAX_INPROGRESS)
 */
public record RunQueueSettings(Duration lease, int teamMaxInProgress) {
    public RunQueueSettings {
        if (lease.isNegative() || lease.isZero()) {
            throw new IllegalArgumentException("lease must be positive");
        }
        if (teamMaxInProgress < 0) {
            throw new IllegalArgumentException("team cap must be >= 0 (0 = none)");
        }
    }
}
