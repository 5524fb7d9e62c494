package io.agentruns.agent.mcp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The MCP protocol over JSON-RPC 2.0 (initialize, tools/list with paging, tools/call), independent
 * of the transport. Transports deliver incoming messages to {@link #onMessage(JsonNode)}.
 */
abstract class JsonRpcMcpClient implements McpClient {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String PROTOCOL_VERSION = "2025-03-26";

    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    protected volatile String protocolVersion = PROTOCOL_VERSION;

    /** Sends one JSON-RPC message; a transport that gets the response synchronously passes it to onMessage. */
    protected abstract void send(ObjectNode message, Duration timeout) throws IOException;

    @Override
    public void initialize(Duration timeout) throws IOException {
        ObjectNode params = JSON.createObjectNode();
        params.put("protocolVersion", PROTOCOL_VERSION);
        params.putObject("capabilities");
        params.putObject("clientInfo").put("name", "agentruns").put("version", "0.1");
        JsonNode result = request("initialize", params, timeout);
        if (result.hasNonNull("protocolVersion")) {
            protocolVersion = result.get("protocolVersion").asText();
        }
        ObjectNode note = JSON.createObjectNode().put("jsonrpc", "2.0").put("method", "notifications/initialized");
        send(note, timeout);
    }

    @Override
    public List<ToolInfo> listTools(Duration timeout) throws IOException {
        List<ToolInfo> tools = new ArrayList<>();
        String cursor = null;
        do {
            ObjectNode params = JSON.createObjectNode();
            if (cursor != null) {
                params.put("cursor", cursor);
            }
            JsonNode result = request("tools/list", params, timeout);
            for (JsonNode t : result.path("tools")) {
                Map<String, Object> schema = t.has("inputSchema")
                        ? JSON.convertValue(t.get("inputSchema"), new TypeReference<Map<String, Object>>() { })
                        : Map.of("type", "object");
                tools.add(new ToolInfo(t.path("name").asText(), t.path("description").asText(""), schema));
            }
            cursor = result.hasNonNull("nextCursor") ? result.get("nextCursor").asText() : null;
        } while (cursor != null && !cursor.isEmpty());
        return tools;
    }

    @Override
    public CallResult callTool(String name, Map<String, Object> arguments, Duration timeout) throws IOException {
        ObjectNode params = JSON.createObjectNode();
        params.put("name", name);
        params.set("arguments", JSON.valueToTree(arguments == null ? Map.of() : arguments));
        JsonNode result = request("tools/call", params, timeout);
        StringBuilder text = new StringBuilder();
        for (JsonNode c : result.path("content")) {
            if (!text.isEmpty()) {
                text.append('\n');
            }
            switch (c.path("type").asText()) {
                case "text" -> text.append(c.path("text").asText());
                case "resource" -> text.append(c.path("resource").path("text").asText(c.path("resource").toString()));
                default -> text.append("[").append(c.path("type").asText()).append(" content]");
            }
        }
        if (text.isEmpty() && result.has("structuredContent")) {
            text.append(result.get("structuredContent").toString());
        }
        return new CallResult(text.toString(), result.path("isError").asBoolean(false));
    }

    protected JsonNode request(String method, ObjectNode params, Duration timeout) throws IOException {
        long id = ids.incrementAndGet();
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        ObjectNode msg = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
        msg.set("params", params);
        try {
            send(msg, timeout);
            JsonNode response = answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (response.has("error")) {
                throw new IOException(method + " failed: " + response.get("error").path("message").asText(response.get("error").toString()));
            }
            return response.path("result");
        } catch (TimeoutException e) {
            throw new IOException(method + " got no answer within " + timeout.toSeconds() + "s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(method + " interrupted");
        } catch (ExecutionException e) {
            throw new IOException(e.getCause().getMessage(), e.getCause());
        } finally {
            pending.remove(id);
        }
    }

    /** Handles one incoming message: a response completes its request; server requests get answers. */
    protected void onMessage(JsonNode msg) {
        if (msg.isArray()) {
            msg.forEach(this::onMessage);
            return;
        }
        if (msg.has("method")) {
            if (msg.has("id")) {
                answerServerRequest(msg);
            }
            return;
        }
        if (msg.has("id")) {
            CompletableFuture<JsonNode> f = pending.get(msg.get("id").asLong());
            if (f != null) {
                f.complete(msg);
            }
        }
    }

    /** Fails every waiting request, e.g. when the connection died. */
    protected void failAll(String why) {
        pending.values().forEach(f -> f.completeExceptionally(new IOException(why)));
    }

    private void answerServerRequest(JsonNode msg) {
        ObjectNode reply = JSON.createObjectNode().put("jsonrpc", "2.0");
        reply.set("id", msg.get("id"));
        if ("ping".equals(msg.get("method").asText())) {
            reply.putObject("result");
        } else {
            reply.putObject("error").put("code", -32601).put("message", "not supported by this client");
        }
        try {
            send(reply, Duration.ofSeconds(10));
        } catch (IOException ignored) {
            // the server goes on without the answer
        }
    }
}
