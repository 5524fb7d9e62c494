package io.agentruns.core.event;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/** One entry of a run's ordered log; {@code seq} is gap-free and increasing per run (invariant 5). */
public record RunEvent(UUID runId, long seq, EventType type, Instant createdAt, Map<String, Object> data) {
}
