package io.agentruns.core.environment;

import java.util.List;
import java.util.Objects;

/** The writable fields of an environment, for create and (full) update. */
public record EnvironmentSpec(String name, String description, String dockerImage, List<RepoRef> repos,
                              List<String> setupCommands, boolean isDefault) {
    public EnvironmentSpec {
        Objects.requireNonNull(name, "name");
        repos = repos == null ? List.of() : List.copyOf(repos);
        setupCommands = setupCommands == null ? List.of() : List.copyOf(setupCommands);
    }
}
