package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Body of environment create ({@code POST}) and update ({@code PUT}). */
public record EnvironmentRequest(String name, String description, String dockerImage, List<RepoSpec> repos,
                                 List<String> setupCommands, Boolean isDefault,
                                 @JsonAnyGetter Map<String, Object> extra) {
    public EnvironmentRequest {
        extra = Extras.of(extra);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builder of {@link EnvironmentRequest}. */
    public static final class Builder {
        private String name;
        private String description;
        private String dockerImage;
        private List<RepoSpec> repos;
        private List<String> setupCommands;
        private Boolean isDefault;
        private final Map<String, Object> extra = new LinkedHashMap<>();

        public Builder name(String name) { this.name = name; return this; }
        public Builder description(String description) { this.description = description; return this; }
        public Builder dockerImage(String dockerImage) { this.dockerImage = dockerImage; return this; }
        public Builder repos(List<RepoSpec> repos) { this.repos = repos; return this; }
        public Builder setupCommands(List<String> setupCommands) { this.setupCommands = setupCommands; return this; }
        /** Makes it the team's default environment (at most one per team). */
        public Builder isDefault(Boolean isDefault) { this.isDefault = isDefault; return this; }
        /** Sends a field this SDK does not model. */
        public Builder putExtra(String name, Object value) { extra.put(name, value); return this; }

        public EnvironmentRequest build() {
            return new EnvironmentRequest(name, description, dockerImage, repos, setupCommands, isDefault, extra);
        }
    }
}
