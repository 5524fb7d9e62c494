package io.agentruns.model;

import java.util.Map;

/** Agent configuration of a run: requested by clients, resolved (defaults filled, secrets redacted) in RunItem. */
public record AmbientAgentConfig(String name, String modelId, String basePrompt, String environmentId,
                                 String skillSpec, Map<String, MCPServerConfig> mcpServers, String workerHost,
                                 Boolean computerUseEnabled, Integer idleTimeoutMinutes) {
}
