package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.util.List;
import java.util.Map;

/** A skill (an agent of {@code GET /agent}) with the variants found in the caller's environments. */
public record Skill(String name, List<Variant> variants,
                    @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public Skill {
        variants = variants == null ? List.of() : variants;
        extra = Extras.of(extra);
    }

    /** One SKILL.md: {@code id} is the skill spec to run it ({@code owner/repo:path/SKILL.md}). */
    public record Variant(String id, String description, String basePrompt, Source source,
                          List<EnvironmentRef> environments,
                          @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
        public Variant {
            environments = environments == null ? List.of() : environments;
            extra = Extras.of(extra);
        }
    }

    /** Where a variant's SKILL.md lives. */
    public record Source(String owner, String name, String skillPath,
                         @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
        public Source {
            extra = Extras.of(extra);
        }
    }

    /** An environment whose repositories hold the variant. */
    public record EnvironmentRef(String uid, String name,
                                 @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
        public EnvironmentRef {
            extra = Extras.of(extra);
        }
    }
}
