package io.agentruns.core.event;

import io.agentruns.core.engine.Lease;
import io.agentruns.core.harness.LeaseLostException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** A run's ordered event log (invariant 5: seq gap-free and increasing per run, assigned at commit). */
public interface EventLog {

    /**
     * Appends one event for a run this lease holds and returns its seq. Throws
     * {@link LeaseLostException} and writes nothing when the lease's version is no longer current.
     */
    long append(Lease lease, EventType type, Map<String, Object> data);

    /**
     * Up to {@code limit} events with seq greater than {@code afterSeq}, in seq order; empty when the
     * run does not exist or belongs to another team (invariant 7).
     */
    Optional<List<RunEvent>> read(UUID teamId, UUID runId, long afterSeq, int limit);
}
