package io.agentruns.core.outbox;

import io.agentruns.core.run.RunState;
import io.agentruns.core.run.StatusMessage;
import java.time.Instant;
import java.util.UUID;

/** One committed-together transition of a run, as announced to webhooks. {@code from} is null on creation. */
public record StateChange(UUID teamId, UUID runId, String title, RunState from, RunState to, Instant at,
                          StatusMessage statusMessage, String sessionId) {
}
