package io.agentruns.core.engine;

import java.util.UUID;

/**
 * A worker's hold on one INPROGRESS run. Every write the worker makes is guarded by {@code version}:
 * once anyone else moves the run (reaper, cancel, takeover) the version changes and the write is refused
 * with {@link io.agentruns.core.harness.LeaseLostException} (invariant 2, guarded by JdbcRunQueueContractTest).
 */
public record Lease(UUID runId, UUID teamId, String workerId, long version) {
}
