package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The configuration of a run ({@code AmbientAgentConfig}): optional on create; in a {@link RunItem} it is
 * resolved, with every default filled in and secrets redacted.
 */
public record AgentConfig(String name, String modelId, String basePrompt, String environmentId,
                          String skillSpec, Map<String, McpServerConfig> mcpServers, String workerHost,
                          Boolean computerUseEnabled, Integer idleTimeoutMinutes,
                          @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public AgentConfig {
        extra = Extras.of(extra);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builder of {@link AgentConfig}; every field is optional. */
    public static final class Builder {
        private String name;
        private String modelId;
        private String basePrompt;
        private String environmentId;
        private String skillSpec;
        private Map<String, McpServerConfig> mcpServers;
        private String workerHost;
        private Boolean computerUseEnabled;
        private Integer idleTimeoutMinutes;
        private final Map<String, Object> extra = new LinkedHashMap<>();

        /** Label for grouping and filtering (the list filter {@code name}). */
        public Builder name(String name) { this.name = name; return this; }
        public Builder modelId(String modelId) { this.modelId = modelId; return this; }
        public Builder basePrompt(String basePrompt) { this.basePrompt = basePrompt; return this; }
        public Builder environmentId(String environmentId) { this.environmentId = environmentId; return this; }
        /** {@code owner/repo:skill-name} or {@code owner/repo:path/to/SKILL.md}. */
        public Builder skillSpec(String skillSpec) { this.skillSpec = skillSpec; return this; }
        public Builder mcpServers(Map<String, McpServerConfig> mcpServers) {
            this.mcpServers = mcpServers == null ? null : new LinkedHashMap<>(mcpServers);
            return this;
        }
        /** Adds one MCP server under {@code name}. */
        public Builder putMcpServer(String name, McpServerConfig server) {
            if (mcpServers == null) {
                mcpServers = new LinkedHashMap<>();
            }
            mcpServers.put(name, server);
            return this;
        }
        /** The worker pool that runs it; absent means the default pool. */
        public Builder workerHost(String workerHost) { this.workerHost = workerHost; return this; }
        public Builder computerUseEnabled(Boolean enabled) { this.computerUseEnabled = enabled; return this; }
        public Builder idleTimeoutMinutes(Integer minutes) { this.idleTimeoutMinutes = minutes; return this; }
        /** Sends a field this SDK does not model. */
        public Builder putExtra(String name, Object value) { extra.put(name, value); return this; }

        public AgentConfig build() {
            return new AgentConfig(name, modelId, basePrompt, environmentId, skillSpec, mcpServers, workerHost,
                    computerUseEnabled, idleTimeoutMinutes, extra);
        }
    }
}
