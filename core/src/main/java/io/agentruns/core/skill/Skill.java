package io.agentruns.core.skill;

import java.util.List;
import java.util.UUID;

/**
 * A SKILL.md found in a repository of an environment. {@code id} is the skill spec that selects it,
 * {@code owner/repo:path/to/SKILL.md}; {@code body} is the markdown after the front matter.
 */
public record Skill(String id, String name, String description, String body, String owner, String repo,
                    String path, List<EnvironmentRef> environments) {

    /** An environment in whose repositories the skill was found. */
    public record EnvironmentRef(UUID id, String name) {
    }
}
