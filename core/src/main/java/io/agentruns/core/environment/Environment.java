package io.agentruns.core.environment;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A CloudEnvironment: the repositories and setup commands a run's workspace is prepared from. */
public record Environment(UUID id, UUID teamId, String name, String description, String dockerImage,
                          List<RepoRef> repos, List<String> setupCommands, boolean isDefault,
                          Instant createdAt, Instant updatedAt) {
    public Environment {
        repos = repos == null ? List.of() : List.copyOf(repos);
        setupCommands = setupCommands == null ? List.of() : List.copyOf(setupCommands);
    }
}
