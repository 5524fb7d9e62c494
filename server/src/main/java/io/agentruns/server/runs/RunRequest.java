package io.agentruns.server.runs;

import io.agentruns.core.run.AgentConfig;

/** A validated RunAgentRequest: {@code config} as requested (not yet resolved); prompt may be empty for a skill run. */
public record RunRequest(String prompt, String title, AgentConfig config, boolean teamScoped) {
}
