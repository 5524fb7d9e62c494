package io.agentruns.model;

import java.util.List;
import java.util.Map;

/** One MCP server: exactly one of {@code command} (stdio), {@code url} (HTTP/SSE) or {@code warp_id}. */
public record MCPServerConfig(String command, List<String> args, Map<String, String> env, String url,
                              Map<String, String> headers, String warpId) {
}
