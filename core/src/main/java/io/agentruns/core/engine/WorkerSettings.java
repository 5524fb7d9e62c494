package io.agentruns.core.engine;

import java.time.Duration;
import java.util.Objects;

/**
 * How one worker process behaves.
 *
 * @param workerId          unique per process; stored in runs.worker_id while it holds a run
 * @param workerHost        the pool it serves: null = runs without worker_host, else exactly that host
 * @param concurrency       runs executed at once (AGENTRUNS_WORKER_CONCURRENCY)
 * @param heartbeatInterval how often leases are renewed; well below the lease length
 * @param pollInterval      slow poll when no wake-up signal arrives
 * @param drainPeriod       on stop, how long running runs may finish before they are released
 * @param cancelGrace       how long a cancelled harness may take to stop before the engine ends the run itself
 */
public record WorkerSettings(String workerId, String workerHost, int concurrency, Duration heartbeatInterval,
                             Duration pollInterval, Duration drainPeriod,
                             Duration cancelGrace) {
    public WorkerSettings {
        Objects.requireNonNull(workerId, "workerId");
        if (concurrency < 1) {
            throw new IllegalArgumentException("worker concurrency must be at least 1, was " + concurrency);
        }
        if (workerHost != null && workerHost.isBlank()) {
            workerHost = null;
        }
    }

    /** Defaults derived from the lease length: heartbeat at a third of it. */
    public static WorkerSettings forLease(String workerId, String workerHost, int concurrency, Duration lease,
                                          Duration drainPeriod) {
        return new WorkerSettings(workerId, workerHost, concurrency, lease.dividedBy(3), Duration.ofSeconds(5),
                drainPeriod, Duration.ofSeconds(10));
    }
}
