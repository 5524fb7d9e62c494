package io.agentruns.core.run;

import java.time.Instant;
import java.util.Map;

/** Something a run produced: PLAN, PULL_REQUEST, FILE (a patch), ... */
public record Artifact(String artifactType, Instant createdAt, Map<String, Object> data) {
    public Artifact {
        data = data == null ? Map.of() : Map.copyOf(data);
    }
}
