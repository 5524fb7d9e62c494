package io.agentruns.agent.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A language model provider on a local port that follows a script, speaking the OpenAI
 * chat-completions protocol ({@code POST /v1/chat/completions}) and the Anthropic messages protocol
 * ({@code POST /v1/messages}), tool calls included. It records every request it got.
 */
public final class ScriptedModelServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One answer of the script. */
    public sealed interface Turn {
    }

    /** The model calls tools: each call is a tool name and its JSON arguments. */
    public record ToolCalls(List<Call> calls) implements Turn {
    }

    public record Call(String name, Map<String, Object> arguments) {
    }

    /** The model answers with text and no tool calls. */
    public record Answer(String text) implements Turn {
    }

    /** The provider fails with an HTTP status. */
    public record Fail(int status) implements Turn {
    }

    /** The provider takes {@code delay} before giving {@code then}. */
    public record Slow(java.time.Duration delay, Turn then) implements Turn {
    }

    public static Turn call(String name, Map<String, Object> args) {
        return new ToolCalls(List.of(new Call(name, args)));
    }

    public static Turn answer(String text) {
        return new Answer(text);
    }

    private final HttpServer server;
    private final List<Turn> script = new CopyOnWriteArrayList<>();
    private final AtomicInteger next = new AtomicInteger();
    private volatile boolean repeatLast;
    private final List<JsonNode> requests = new CopyOnWriteArrayList<>();
    private final List<Map<String, List<String>>> headers = new CopyOnWriteArrayList<>();

    public ScriptedModelServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/v1/chat/completions", ex -> handle(ex, false));
        server.createContext("/v1/messages", ex -> handle(ex, true));
        server.start();
    }

    public ScriptedModelServer script(Turn... turns) {
        script.addAll(List.of(turns));
        return this;
    }

    /** After the script, keep giving its last turn (e.g. a model that never stops calling tools). */
    public ScriptedModelServer repeatLast() {
        repeatLast = true;
        return this;
    }

    /** The OpenAI-style base URL ({@code .../v1}). */
    public String openAiBaseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** The Anthropic-style base URL (host only, as ANTHROPIC_BASE_URL is usually given). */
    public String anthropicBaseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public List<JsonNode> requests() {
        return List.copyOf(requests);
    }

    public List<Map<String, List<String>>> requestHeaders() {
        return List.copyOf(headers);
    }

    /** The system prompt of request {@code i}, in either protocol. */
    public String systemPrompt(int i) {
        JsonNode r = requests.get(i);
        if (r.has("system")) {
            JsonNode s = r.get("system");
            if (s.isTextual()) {
                return s.asText();
            }
            StringBuilder sb = new StringBuilder();
            s.forEach(b -> sb.append(b.path("text").asText()));
            return sb.toString();
        }
        for (JsonNode m : r.path("messages")) {
            if (m.path("role").asText().equals("system")) {
                return m.path("content").asText();
            }
        }
        return "";
    }

    /** Every tool result the model was shown in the last request, in order. */
    public List<String> toolResultsSeen() {
        List<String> out = new ArrayList<>();
        if (requests.isEmpty()) {
            return out;
        }
        for (JsonNode m : requests.getLast().path("messages")) {
            if (m.path("role").asText().equals("tool")) {
                out.add(m.path("content").asText());
            }
            if (m.path("content").isArray()) {
                for (JsonNode block : m.path("content")) {
                    if (block.path("type").asText().equals("tool_result")) {
                        JsonNode c = block.path("content");
                        if (c.isTextual()) {
                            out.add(c.asText());
                        } else {
                            StringBuilder sb = new StringBuilder();
                            c.forEach(x -> sb.append(x.path("text").asText()));
                            out.add(sb.toString());
                        }
                    }
                }
            }
        }
        return out;
    }

    /** Names of the tools offered in request {@code i}. */
    public List<String> toolNames(int i) {
        List<String> names = new ArrayList<>();
        for (JsonNode t : requests.get(i).path("tools")) {
            names.add(t.has("function") ? t.get("function").path("name").asText() : t.path("name").asText());
        }
        return names;
    }

    private void handle(HttpExchange ex, boolean anthropic) throws IOException {
        try (ex) {
            JsonNode body = JSON.readTree(ex.getRequestBody().readAllBytes());
            requests.add(body);
            headers.add(Map.copyOf(ex.getRequestHeaders()));
            int i = next.getAndIncrement();
            Turn turn = i < script.size() ? script.get(i)
                    : repeatLast && !script.isEmpty() ? script.getLast() : new Answer("(script exhausted)");
            while (turn instanceof Slow slow) {
                try {
                    Thread.sleep(slow.delay());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                turn = slow.then();
            }
            String model = body.path("model").asText();
            ObjectNode reply;
            int status = 200;
            if (turn instanceof Fail f) {
                status = f.status();
                reply = anthropic ? anthropicError(status) : openAiError(status);
            } else {
                reply = anthropic ? anthropicReply(turn, model, i) : openAiReply(turn, model, i);
            }
            byte[] bytes = JSON.writeValueAsBytes(reply);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(status, bytes.length);
            ex.getResponseBody().write(bytes);
        }
    }

    private static ObjectNode openAiReply(Turn turn, String model, int i) throws IOException {
        ObjectNode r = JSON.createObjectNode().put("id", "chatcmpl-" + i).put("object", "chat.completion")
                .put("created", 1_700_000_000L + i).put("model", model);
        ObjectNode choice = r.putArray("choices").addObject().put("index", 0);
        ObjectNode msg = choice.putObject("message").put("role", "assistant");
        if (turn instanceof ToolCalls tc) {
            msg.putNull("content");
            ArrayNode calls = msg.putArray("tool_calls");
            int n = 0;
            for (Call c : tc.calls()) {
                ObjectNode call = calls.addObject().put("id", "call_" + i + "_" + n++).put("type", "function");
                call.putObject("function").put("name", c.name()).put("arguments", JSON.writeValueAsString(c.arguments()));
            }
            choice.put("finish_reason", "tool_calls");
        } else {
            msg.put("content", ((Answer) turn).text());
            choice.put("finish_reason", "stop");
        }
        r.putObject("usage").put("prompt_tokens", 100).put("completion_tokens", 20).put("total_tokens", 120);
        return r;
    }

    private static ObjectNode anthropicReply(Turn turn, String model, int i) {
        ObjectNode r = JSON.createObjectNode().put("id", "msg_" + i).put("type", "message").put("role", "assistant")
                .put("model", model);
        ArrayNode content = r.putArray("content");
        if (turn instanceof ToolCalls tc) {
            content.addObject().put("type", "text").put("text", "Let me use a tool.");
            int n = 0;
            for (Call c : tc.calls()) {
                ObjectNode use = content.addObject().put("type", "tool_use").put("id", "toolu_" + i + "_" + n++)
                        .put("name", c.name());
                use.set("input", JSON.valueToTree(c.arguments()));
            }
            r.put("stop_reason", "tool_use");
        } else {
            content.addObject().put("type", "text").put("text", ((Answer) turn).text());
            r.put("stop_reason", "end_turn");
        }
        r.putNull("stop_sequence");
        r.putObject("usage").put("input_tokens", 100).put("output_tokens", 20);
        return r;
    }

    private static ObjectNode openAiError(int status) {
        ObjectNode r = JSON.createObjectNode();
        r.putObject("error").put("message", status == 401 ? "Incorrect API key provided" : "The server had an error")
                .put("type", status == 401 ? "invalid_request_error" : "server_error")
                .put("code", status == 401 ? "invalid_api_key" : "server_error");
        return r;
    }

    private static ObjectNode anthropicError(int status) {
        ObjectNode r = JSON.createObjectNode().put("type", "error");
        r.putObject("error").put("type", status == 401 ? "authentication_error" : "api_error")
                .put("message", status == 401 ? "invalid x-api-key" : "Internal server error");
        return r;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
