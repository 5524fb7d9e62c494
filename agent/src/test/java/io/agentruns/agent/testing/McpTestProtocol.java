package io.agentruns.agent.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/** The server side of MCP for test servers: initialize, tools/list, tools/call over JSON-RPC. */
public final class McpTestProtocol {
    static final ObjectMapper JSON = new ObjectMapper();

    /** A tool of a test server: description, input schema properties, and what it answers. */
    public record TestTool(String description, Map<String, String> stringProperties, Function<JsonNode, String> action) {
    }

    private final String serverName;
    private final Map<String, TestTool> tools;

    public McpTestProtocol(String serverName, Map<String, TestTool> tools) {
        this.serverName = serverName;
        this.tools = new LinkedHashMap<>(tools);
    }

    /** The answer to one message, or null for notifications. */
    public JsonNode handle(JsonNode msg) {
        if (!msg.has("id")) {
            return null;
        }
        ObjectNode reply = JSON.createObjectNode().put("jsonrpc", "2.0");
        reply.set("id", msg.get("id"));
        String method = msg.path("method").asText();
        switch (method) {
            case "initialize" -> {
                ObjectNode r = reply.putObject("result");
                r.put("protocolVersion", msg.path("params").path("protocolVersion").asText("2025-03-26"));
                r.putObject("capabilities").putObject("tools");
                r.putObject("serverInfo").put("name", serverName).put("version", "1.0");
            }
            case "tools/list" -> {
                var list = reply.putObject("result").putArray("tools");
                tools.forEach((name, t) -> {
                    ObjectNode tool = list.addObject().put("name", name).put("description", t.description());
                    ObjectNode schema = tool.putObject("inputSchema").put("type", "object");
                    ObjectNode props = schema.putObject("properties");
                    var required = schema.putArray("required");
                    t.stringProperties().forEach((p, type) -> {
                        props.putObject(p).put("type", type);
                        required.add(p);
                    });
                });
            }
            case "tools/call" -> {
                TestTool t = tools.get(msg.path("params").path("name").asText());
                ObjectNode r = reply.putObject("result");
                if (t == null) {
                    r.putArray("content").addObject().put("type", "text").put("text", "no such tool");
                    r.put("isError", true);
                } else {
                    r.putArray("content").addObject().put("type", "text")
                            .put("text", t.action().apply(msg.path("params").path("arguments")));
                }
            }
            case "ping" -> reply.putObject("result");
            default -> reply.putObject("error").put("code", -32601).put("message", "unknown method " + method);
        }
        return reply;
    }
}
