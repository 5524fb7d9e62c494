package io.agentruns.core.run;

import java.util.LinkedHashMap;
import java.util.Map;

/** AmbientAgentConfig: as requested, and (with defaults filled in) as resolved and stored. */
public record AgentConfig(String name, String modelId, String basePrompt, String environmentId,
                          String skillSpec, Map<String, McpServerConfig> mcpServers, String workerHost,
                          Boolean computerUseEnabled, Integer idleTimeoutMinutes) {

    public AgentConfig {
        mcpServers = mcpServers == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(mcpServers));
    }

    public static AgentConfig empty() {
        return new AgentConfig(null, null, null, null, null, Map.of(), null, null, null);
    }

    /** The same configuration with MCP secrets replaced by {@code "***"}, for responses and pages. */
    public AgentConfig redacted() {
        Map<String, McpServerConfig> servers = new LinkedHashMap<>();
        mcpServers.forEach((k, v) -> servers.put(k, v.redacted()));
        return new AgentConfig(name, modelId, basePrompt, environmentId, skillSpec, servers, workerHost,
                computerUseEnabled, idleTimeoutMinutes);
    }

    public AgentConfig withName(String newName) {
        return new AgentConfig(newName, modelId, basePrompt, environmentId, skillSpec, mcpServers, workerHost,
                computerUseEnabled, idleTimeoutMinutes);
    }

    public AgentConfig withModelId(String newModelId) {
        return new AgentConfig(name, newModelId, basePrompt, environmentId, skillSpec, mcpServers, workerHost,
                computerUseEnabled, idleTimeoutMinutes);
    }

    public AgentConfig withEnvironmentId(String newEnvironmentId) {
        return new AgentConfig(name, modelId, basePrompt, newEnvironmentId, skillSpec, mcpServers, workerHost,
                computerUseEnabled, idleTimeoutMinutes);
    }

    public AgentConfig withSkillSpec(String newSkillSpec) {
        return new AgentConfig(name, modelId, basePrompt, environmentId, newSkillSpec, mcpServers, workerHost,
                computerUseEnabled, idleTimeoutMinutes);
    }
}
