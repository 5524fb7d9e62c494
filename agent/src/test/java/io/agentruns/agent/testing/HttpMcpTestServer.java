package io.agentruns.agent.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An MCP server over HTTP for tests: streamable HTTP at {@code /mcp} (answers as JSON, or as an
 * event stream when {@code sseAnswers}), and the older HTTP+SSE transport at {@code /sse} with
 * messages posted to {@code /messages}. It records the Authorization headers it received.
 */
public final class HttpMcpTestServer implements AutoCloseable {
    private final HttpServer server;
    private final McpTestProtocol protocol;
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final BlockingQueue<String> sseOutbox = new LinkedBlockingQueue<>();
    private volatile boolean sseAnswers;

    public HttpMcpTestServer() throws IOException {
        protocol = new McpTestProtocol("http-test", Map.of(
                "add", new McpTestProtocol.TestTool("Adds two numbers", Map.of("a", "number", "b", "number"),
                        a -> Long.toString(a.path("a").asLong() + a.path("b").asLong())),
                "echo", new McpTestProtocol.TestTool("Echoes its text", Map.of("text", "string"),
                        a -> "http echo: " + a.path("text").asText())));
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/mcp", this::streamable);
        server.createContext("/sse", this::sseStream);
        server.createContext("/messages", this::ssePost);
        server.start();
    }

    public HttpMcpTestServer answerWithEventStreams() {
        sseAnswers = true;
        return this;
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    public List<String> authorizations() {
        return List.copyOf(authorizations);
    }

    private void streamable(HttpExchange ex) throws IOException {
        try (ex) {
            record(ex);
            if (!ex.getRequestMethod().equals("POST")) {
                ex.sendResponseHeaders(ex.getRequestMethod().equals("DELETE") ? 200 : 405, -1);
                return;
            }
            JsonNode msg = McpTestProtocol.JSON.readTree(ex.getRequestBody().readAllBytes());
            JsonNode reply = protocol.handle(msg);
            if (reply == null) {
                ex.sendResponseHeaders(202, -1);
                return;
            }
            if (msg.path("method").asText().equals("initialize")) {
                ex.getResponseHeaders().add("Mcp-Session-Id", "session-42");
            }
            String json = McpTestProtocol.JSON.writeValueAsString(reply);
            byte[] body = (sseAnswers ? "event: message\ndata: " + json + "\n\n" : json).getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", sseAnswers ? "text/event-stream" : "application/json");
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
        }
    }

    private void sseStream(HttpExchange ex) throws IOException {
        try (ex) {
            record(ex);
            if (!ex.getRequestMethod().equals("GET")) {
                ex.sendResponseHeaders(405, -1);
                return;
            }
            ex.getResponseHeaders().add("Content-Type", "text/event-stream");
            ex.sendResponseHeaders(200, 0);
            OutputStream out = ex.getResponseBody();
            out.write("event: endpoint\ndata: /messages?session=1\n\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            while (true) {
                String next = sseOutbox.poll(30, TimeUnit.SECONDS);
                if (next == null) {
                    return;
                }
                out.write(("event: message\ndata: " + next + "\n\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException closed) {
            // the client went away
        }
    }

    private void ssePost(HttpExchange ex) throws IOException {
        try (ex) {
            record(ex);
            JsonNode reply = protocol.handle(McpTestProtocol.JSON.readTree(ex.getRequestBody().readAllBytes()));
            if (reply != null) {
                sseOutbox.add(McpTestProtocol.JSON.writeValueAsString(reply));
            }
            ex.sendResponseHeaders(202, -1);
        }
    }

    private void record(HttpExchange ex) {
        String auth = ex.getRequestHeaders().getFirst("Authorization");
        if (auth != null) {
            authorizations.add(auth);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
