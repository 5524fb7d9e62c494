package io.agentruns.server.execution;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of run execution, from {@code AGENTRUNS_*} environment variables (relaxed binding).
 *
 * @param leaseSeconds      how long a claim or heartbeat holds a run ({@code AGENTRUNS_LEASE_SECONDS}, 30);
 *                          a run whose worker died is FAILED within about 1.5 leases
 * @param teamMaxInprogress per-team cap on INPROGRESS runs; 0 = none ({@code AGENTRUNS_TEAM_MAX_INPROGRESS}, 0)
 * @param worker            the worker of this process ({@code AGENTRUNS_WORKER_*})
 */
@ConfigurationProperties(prefix = "agentruns")
public record ExecutionProperties(
        @DefaultValue("30") int leaseSeconds,
        @DefaultValue("0") int teamMaxInprogress,
        @DefaultValue Worker worker) {

    /**
     * @param enabled      run a worker in this process ({@code AGENTRUNS_WORKER_ENABLED}, true); {@code serve}
     *                     with false is API only
     * @param concurrency  runs at once ({@code AGENTRUNS_WORKER_CONCURRENCY}, 4)
     * @param host         pool served: runs whose {@code config.worker_host} equals it; absent = the default
     *                     pool ({@code AGENTRUNS_WORKER_HOST})
     * @param drainSeconds on SIGTERM, how long running runs may finish before they are released
     *                     ({@code AGENTRUNS_WORKER_DRAIN_SECONDS}, 15)
     * @param pollMillis   slow poll of the queue when no wake-up arrives ({@code AGENTRUNS_WORKER_POLL_MILLIS}, 5000)
     * @param cancelGraceSeconds how long a cancelled agent may take to stop before the worker ends the run
     *                     itself ({@code AGENTRUNS_WORKER_CANCEL_GRACE_SECONDS}, 10)
     */
    public record Worker(
            @DefaultValue("true") boolean enabled,
            @DefaultValue("4") int concurrency,
            String host,
            @DefaultValue("15") int drainSeconds,
            @DefaultValue("5000") long pollMillis,
            @DefaultValue("10") int cancelGraceSeconds) {
    }
}
