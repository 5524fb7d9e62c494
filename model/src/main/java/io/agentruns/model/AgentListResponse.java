package io.agentruns.model;

import java.util.List;

/** Answer of GET /agent: the skills found in the repositories of the caller's environments. */
public record AgentListResponse(List<AgentSkill> agents) {

    /** A skill by name with its variants (the same name may exist in several repositories). */
    public record AgentSkill(String name, List<Variant> variants) {
    }

    /** One SKILL.md; {@code id} is the skill spec that selects it. */
    public record Variant(String id, String description, String basePrompt, Source source,
                          List<EnvironmentRef> environments) {
    }

    /** Where the SKILL.md lives. */
    public record Source(String owner, String name, String skillPath) {
    }

    /** An environment whose repositories hold the skill. */
    public record EnvironmentRef(String uid, String name) {
    }
}
