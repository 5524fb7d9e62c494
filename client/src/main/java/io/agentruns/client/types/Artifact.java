package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.time.Instant;
import java.util.Map;

/** Something a run produced: {@code artifact_type} PLAN, PULL_REQUEST, FILE, ... with free-form data. */
public record Artifact(String artifactType, Instant createdAt, Map<String, Object> data,
                       @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public Artifact {
        extra = Extras.of(extra);
    }
}
