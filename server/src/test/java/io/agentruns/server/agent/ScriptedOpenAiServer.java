package io.agentruns.server.agent;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A local OpenAI-compatible chat-completions server that answers from a script of tool calls and a
 * final answer (the agent module's tests have a fuller one that also speaks Anthropic).
 */
final class ScriptedOpenAiServer implements AutoCloseable {
    private static final ObjectMapper JSON = JsonMapper.builder().build();

    /** One answer: tool calls ({@code tool} set) or a final text. */
    record Turn(String tool, Map<String, Object> arguments, String text) {
        static Turn call(String tool, Map<String, Object> arguments) {
            return new Turn(tool, arguments, null);
        }

        static Turn answer(String text) {
            return new Turn(null, null, text);
        }
    }

    private final HttpServer server;
    private final List<Turn> script;
    private final AtomicInteger next = new AtomicInteger();
    final List<JsonNode> requests = new CopyOnWriteArrayList<>();

    ScriptedOpenAiServer(List<Turn> script) {
        this.script = List.copyOf(script);
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/v1/chat/completions", ex -> {
            try (ex) {
                requests.add(JSON.readTree(ex.getRequestBody().readAllBytes()));
                int i = next.getAndIncrement();
                Turn turn = i < script.size() ? script.get(i) : Turn.answer("(script exhausted)");
                ObjectNode r = JSON.createObjectNode().put("id", "chatcmpl-" + i).put("object", "chat.completion")
                        .put("created", 1_700_000_000L).put("model", "gpt-4.1");
                ObjectNode choice = r.putArray("choices").addObject().put("index", 0);
                ObjectNode msg = choice.putObject("message").put("role", "assistant");
                if (turn.tool() != null) {
                    msg.putNull("content");
                    ObjectNode call = msg.putArray("tool_calls").addObject().put("id", "call_" + i).put("type", "function");
                    call.putObject("function").put("name", turn.tool())
                            .put("arguments", JSON.writeValueAsString(turn.arguments()));
                    choice.put("finish_reason", "tool_calls");
                } else {
                    msg.put("content", turn.text());
                    choice.put("finish_reason", "stop");
                }
                r.putObject("usage").put("prompt_tokens", 100).put("completion_tokens", 20).put("total_tokens", 120);
                byte[] body = JSON.writeValueAsString(r).getBytes(StandardCharsets.UTF_8);
                ex.getResponseHeaders().add("Content-Type", "application/json");
                ex.sendResponseHeaders(200, body.length);
                ex.getResponseBody().write(body);
            }
        });
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** The system prompt of the first request. */
    String firstSystemPrompt() {
        return requests.getFirst().get("messages").get(0).get("content").asString();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
