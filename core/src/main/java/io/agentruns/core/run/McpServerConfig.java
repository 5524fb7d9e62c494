package io.agentruns.core.run;

import java.util.List;
import java.util.Map;

/**
 * One MCP server of a run: exactly one of {@code command} (stdio, with args and env),
 * {@code url} (streamable HTTP or SSE, with headers) or {@code warpId} (a registered server).
 * env and headers values are secrets: never echoed (see {@link #redacted()}).
 */
public record McpServerConfig(String command, List<String> args, Map<String, String> env,
                              String url, Map<String, String> headers, String warpId) {

    public static final String REDACTED = "***";

    public McpServerConfig {
        args = args == null ? List.of() : List.copyOf(args);
        env = env == null ? Map.of() : Map.copyOf(env);
        headers = headers == null ? Map.of() : Map.copyOf(headers);
    }

    public McpServerConfig redacted() {
        return new McpServerConfig(command, args, redact(env), url, redact(headers), warpId);
    }

    private static Map<String, String> redact(Map<String, String> values) {
        Map<String, String> out = new java.util.TreeMap<>();
        values.keySet().forEach(k -> out.put(k, REDACTED));
        return out;
    }
}
