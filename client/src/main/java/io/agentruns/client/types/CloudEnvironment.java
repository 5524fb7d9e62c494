package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** An environment runs execute in: a docker image, repositories and setup commands. */
public record CloudEnvironment(String uid, String name, String description, String dockerImage,
                               List<RepoSpec> repos, List<String> setupCommands, Boolean isDefault,
                               Instant createdAt, Instant updatedAt,
                               @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public CloudEnvironment {
        extra = Extras.of(extra);
    }

    /** A request that recreates this environment, to change some fields for an update. */
    public EnvironmentRequest.Builder toRequestBuilder() {
        return EnvironmentRequest.builder().name(name).description(description).dockerImage(dockerImage)
                .repos(repos).setupCommands(setupCommands).isDefault(isDefault);
    }
}
