package io.agentruns.core.run;

import java.util.Objects;
import java.util.UUID;

/**
 * What run creation stores. {@code config} is already resolved (defaults filled in, secrets
 * included: they are redacted on the way out, not on the way in). The store assigns the id
 * (UUIDv7), the timestamps and the state QUEUED.
 */
public record NewRun(UUID teamId, String title, String prompt, AgentConfig config, RunSource source,
                     UUID creatorId, boolean teamScoped, UUID parentRunId, String scheduleId) {
    public NewRun {
        Objects.requireNonNull(teamId, "teamId");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(prompt, "prompt");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(creatorId, "creatorId");
        config = config == null ? AgentConfig.empty() : config;
    }
}
