package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.util.List;
import java.util.Map;

/** {@code {"agents": [...]}} of {@code GET /agent}. */
public record ListSkillsResponse(List<Skill> agents, @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public ListSkillsResponse {
        agents = agents == null ? List.of() : agents;
        extra = Extras.of(extra);
    }
}
