package io.agentruns.core.harness;

import io.agentruns.core.environment.Environment;
import io.agentruns.core.run.AgentConfig;
import java.util.UUID;

/** What a harness needs to know about the run it executes. {@code config} is resolved, secrets included. */
public record HarnessRun(UUID runId, UUID teamId, String sessionId, String title, String prompt,
                         AgentConfig config, Environment environment) {
}
