package io.agentruns.model;

import java.time.Instant;
import java.util.Map;

/** Something a run produced: {@code PLAN}, {@code PULL_REQUEST}, {@code FILE}, ... */
public record Artifact(String artifactType, Instant createdAt, Map<String, Object> data) {
}
