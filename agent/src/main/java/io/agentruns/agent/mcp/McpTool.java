package io.agentruns.agent.mcp;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.internal.JsonSchemaElementJsonUtils;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import io.agentruns.agent.tools.AgentTool;
import io.agentruns.agent.tools.ToolContext;
import io.agentruns.agent.tools.ToolResult;
import io.agentruns.core.event.EventType;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One tool of an MCP server offered to the model as {@code mcp__<server>__<tool>}, so that two
 * servers can offer tools of the same name. Each call is recorded as an {@code mcp.call} event.
 */
final class McpTool implements AgentTool {
    private final String server;
    private final McpClient client;
    private final McpClient.ToolInfo info;
    private final ToolSpecification spec;
    private final Duration timeout;

    McpTool(String exposedName, String server, McpClient client, McpClient.ToolInfo info, Duration timeout) {
        this.server = server;
        this.client = client;
        this.info = info;
        this.timeout = timeout;
        this.spec = ToolSpecification.builder().name(exposedName)
                .description("[MCP server " + server + "] " + (info.description() == null ? "" : info.description()))
                .parameters(schemaOf(info.inputSchema()))
                .build();
    }

    static JsonObjectSchema schemaOf(Map<String, Object> schema) {
        try {
            Map<String, Object> copy = new LinkedHashMap<>(schema);
            copy.putIfAbsent("type", "object");
            copy.remove("$schema");
            JsonSchemaElement element = JsonSchemaElementJsonUtils.fromMap(copy);
            if (element instanceof JsonObjectSchema object) {
                return object;
            }
        } catch (RuntimeException unsupported) {
            // fall back to an open object below
        }
        return JsonObjectSchema.builder().additionalProperties(true).build();
    }

    @Override
    public ToolSpecification specification() {
        return spec;
    }

    @Override
    public ToolResult execute(Map<String, Object> arguments, ToolContext ctx) {
        long start = System.nanoTime();
        McpClient.CallResult result;
        try {
            result = client.callTool(info.name(), arguments, timeout);
        } catch (IOException e) {
            String diag = client.diagnostics();
            result = new McpClient.CallResult("MCP server '" + server + "' failed: " + e.getMessage()
                    + (diag.isEmpty() ? "" : "\n" + diag), true);
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("call_id", ctx.callId());
        data.put("server", server);
        data.put("tool", info.name());
        data.put("arguments", arguments);
        data.put("result", result.text());
        data.put("is_error", result.isError());
        data.put("duration_ms", (System.nanoTime() - start) / 1_000_000);
        ctx.events().emit(EventType.MCP_CALL, data);
        return new ToolResult(result.text(), result.isError());
    }
}
