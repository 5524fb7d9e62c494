package io.agentruns.core.run;

import io.agentruns.core.identity.Principal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A run as the store holds it. {@code version} guards every write by a worker (invariant 2);
 * {@code workerId} and {@code leaseExpiresAt} are set while a worker holds it.
 */
public record Run(UUID id, UUID teamId, String title, String prompt, RunState state,
                  Instant createdAt, Instant updatedAt, Instant startedAt, Instant finishedAt,
                  String sessionId, AgentConfig config, StatusMessage statusMessage, RunSource source,
                  Principal creator, boolean teamScoped, Usage usage, List<Artifact> artifacts,
                  UUID parentRunId, String scheduleId, String output,
                  String workerId, Instant leaseExpiresAt, long version) {

    public Run {
        artifacts = artifacts == null ? List.of() : List.copyOf(artifacts);
        usage = usage == null ? Usage.NONE : usage;
        config = config == null ? AgentConfig.empty() : config;
    }
}
