package io.agentruns.core.run;

import io.agentruns.core.identity.Principal;
import java.util.Objects;
import java.util.UUID;

/**
 * What run creation stores. {@code config} is already resolved (defaults filled in, secrets
 * included: they are redacted on the way out, not on the way in). The store assigns the id
 * (UUIDv7), the timestamps and the state QUEUED. {@code creator} (optional) is the creator's
 * principal when the caller has it at hand: the store then answers from the values it wrote
 * instead of reading the new run back.
 */
public record NewRun(UUID teamId, String title, String prompt, AgentConfig config, RunSource source,
                     UUID creatorId, boolean teamScoped, UUID parentRunId, String scheduleId, Principal creator) {
    public NewRun(UUID teamId, String title, String prompt, AgentConfig config, RunSource source,
                  UUID creatorId, boolean teamScoped, UUID parentRunId, String scheduleId) {
        this(teamId, title, prompt, config, source, creatorId, teamScoped, parentRunId, scheduleId, null);
    }

    public NewRun {
        Objects.requireNonNull(teamId, "teamId");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(prompt, "prompt");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(creatorId, "creatorId");
        config = config == null ? AgentConfig.empty() : config;
        if (creator != null && !creator.id().equals(creatorId)) {
            throw new IllegalArgumentException("creator " + creator.id() + " is not creatorId " + creatorId);
        }
    }
}
