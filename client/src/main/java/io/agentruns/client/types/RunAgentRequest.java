package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Body of {@code POST /agent/runs}: a prompt (required unless a skill is given), an optional title and an
 * optional {@link AgentConfig}.
 */
public record RunAgentRequest(String prompt, String title, AgentConfig config, String skill, Boolean team,
                              @JsonAnyGetter Map<String, Object> extra) {
    public RunAgentRequest {
        extra = Extras.of(extra);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builder of {@link RunAgentRequest}. */
    public static final class Builder {
        private String prompt;
        private String title;
        private AgentConfig config;
        private String skill;
        private Boolean team;
        private final Map<String, Object> extra = new LinkedHashMap<>();

        public Builder prompt(String prompt) { this.prompt = prompt; return this; }
        /** When absent the service derives a title from the prompt's first line. */
        public Builder title(String title) { this.title = title; return this; }
        public Builder config(AgentConfig config) { this.config = config; return this; }
        /** Alias of {@code config.skill_spec}; wins when both are set. */
        public Builder skill(String skill) { this.skill = skill; return this; }
        /** Makes the run visible to the whole team. */
        public Builder team(Boolean team) { this.team = team; return this; }
        /** Sends a field this SDK does not model. */
        public Builder putExtra(String name, Object value) { extra.put(name, value); return this; }

        public RunAgentRequest build() {
            return new RunAgentRequest(prompt, title, config, skill, team, extra);
        }
    }
}
