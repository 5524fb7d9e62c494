package io.agentruns.model;

import java.util.List;

/** Answer of GET /agent/environments. */
public record CloudEnvironmentList(List<CloudEnvironment> environments) {
}
