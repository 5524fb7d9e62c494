package io.agentruns.server.runs;

import io.agentruns.core.run.AgentConfig;
import io.agentruns.core.run.McpServerConfig;
import io.agentruns.server.api.JsonBody;
import io.agentruns.server.config.AgentrunsProperties;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

/**
 * Validates a RunAgentRequest tree field by field (wire contract: RunAgentRequest,
 * AmbientAgentConfig, MCPServerConfig) against the configured limits. Every error names its field.
 * Guarded by {@code BadInputTest}.
 */
@Component
public class RunRequestParser {
    private static final int MAX_SHORT = 256;
    private static final int MAX_BASE_PROMPT = 100_000;
    private static final int MAX_ARGS = 100;
    private static final int MAX_ENTRIES = 100;
    private static final int MAX_VALUE = 8_192;
    private static final Pattern SERVER_NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    private static final Pattern WORKER_HOST = Pattern.compile("[A-Za-z0-9_.:-]{1,255}");

    private final AgentrunsProperties.Limits limits;

    public RunRequestParser(AgentrunsProperties properties) {
        this.limits = properties.limits();
    }

    public RunRequest parse(JsonNode body) {
        JsonBody json = new JsonBody();
        JsonNode root = json.root(body);
        String prompt = json.string(root, "", "prompt", limits.maxPromptChars());
        String title = json.string(root, "", "title", limits.maxTitleChars());
        String skill = json.string(root, "", "skill", MAX_SHORT);
        Boolean team = json.bool(root, "", "team");
        AgentConfig config = parseConfig(json, json.object(root, "", "config"));
        if (skill != null) {
            checkSkillSpec(json, "skill", skill);
            config = config.withSkillSpec(skill); // `skill` wins over config.skill_spec
        }
        boolean hasSkill = config.skillSpec() != null;
        if (!json.hasErrors() && (prompt == null || prompt.isBlank()) && !hasSkill) {
            json.error("prompt", prompt == null ? "is required (unless a skill is given)" : "must not be blank");
        }
        if (title != null && title.isBlank()) {
            title = null;
        }
        json.throwIfInvalid();
        return new RunRequest(prompt == null ? "" : prompt, title, config, Boolean.TRUE.equals(team));
    }

    private AgentConfig parseConfig(JsonBody json, JsonNode config) {
        if (config == null) {
            return AgentConfig.empty();
        }
        String p = "config";
        String name = json.string(config, p, "name", MAX_SHORT);
        String modelId = json.string(config, p, "model_id", MAX_SHORT);
        String basePrompt = json.string(config, p, "base_prompt", MAX_BASE_PROMPT);
        String environmentId = json.string(config, p, "environment_id", MAX_SHORT);
        String skillSpec = json.string(config, p, "skill_spec", MAX_SHORT);
        if (skillSpec != null) {
            checkSkillSpec(json, "config.skill_spec", skillSpec);
        }
        String workerHost = json.string(config, p, "worker_host", MAX_SHORT);
        if (workerHost != null && !WORKER_HOST.matcher(workerHost).matches()) {
            json.error("config.worker_host", "must be a host name of letters, digits, '.', '_', ':' or '-'");
        }
        Boolean computerUse = json.bool(config, p, "computer_use_enabled");
        Integer idleTimeout = json.integer(config, p, "idle_timeout_minutes", 1, 24 * 60);
        Map<String, McpServerConfig> servers = parseMcpServers(json, json.object(config, p, "mcp_servers"));
        return new AgentConfig(blankToNull(name), blankToNull(modelId), basePrompt, blankToNull(environmentId),
                blankToNull(skillSpec), servers, blankToNull(workerHost), computerUse, idleTimeout);
    }

    private static void checkSkillSpec(JsonBody json, String field, String value) {
        if (SkillSpec.parse(value) == null) {
            json.error(field, "must be owner/repo:skill-name or owner/repo:path/to/SKILL.md");
        }
    }

    private Map<String, McpServerConfig> parseMcpServers(JsonBody json, JsonNode servers) {
        Map<String, McpServerConfig> out = new LinkedHashMap<>();
        if (servers == null) {
            return out;
        }
        if (servers.size() > limits.maxMcpServers()) {
            json.error("config.mcp_servers", "must have at most " + limits.maxMcpServers() + " servers, has " + servers.size());
            return out;
        }
        for (Map.Entry<String, JsonNode> entry : servers.properties()) {
            String p = "config.mcp_servers." + entry.getKey();
            if (!SERVER_NAME.matcher(entry.getKey()).matches()) {
                json.error(p, "server names are 1-64 letters, digits, '.', '_' or '-'");
                continue;
            }
            if (!entry.getValue().isObject()) {
                json.error(p, "must be an object");
                continue;
            }
            JsonNode s = entry.getValue();
            int errorsBefore = json.errorCount();
            String command = json.string(s, p, "command", MAX_VALUE);
            List<String> args = json.stringList(s, p, "args", MAX_ARGS, MAX_VALUE);
            Map<String, String> env = json.stringMap(s, p, "env", MAX_ENTRIES, MAX_VALUE);
            String url = json.string(s, p, "url", MAX_VALUE);
            Map<String, String> headers = json.stringMap(s, p, "headers", MAX_ENTRIES, MAX_VALUE);
            String warpId = json.string(s, p, "warp_id", MAX_SHORT);
            int kinds = (command != null ? 1 : 0) + (url != null ? 1 : 0) + (warpId != null ? 1 : 0);
            if (json.errorCount() > errorsBefore) {
                continue;
            }
            if (kinds != 1) {
                json.error(p, "must have exactly one of command, url or warp_id (has " + kinds + ")");
                continue;
            }
            if (command != null && command.isBlank()) {
                json.error(p + ".command", "must not be blank");
            }
            if (url != null && !(url.startsWith("http://") || url.startsWith("https://"))) {
                json.error(p + ".url", "must be an http:// or https:// URL");
            }
            if (command == null && (args != null || env != null)) {
                json.error(p, "args and env belong to a command server");
            }
            if (url == null && headers != null) {
                json.error(p + ".headers", "headers belong to a url server");
            }
            out.put(entry.getKey(), new McpServerConfig(command, args, env, url, headers, warpId));
        }
        return out;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
