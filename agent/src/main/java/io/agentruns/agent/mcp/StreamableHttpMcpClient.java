package io.agentruns.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/**
 * MCP's streamable HTTP transport: every message is a POST; the answer is JSON or an event stream
 * that carries it. The session id the server hands out on initialize is sent back on every request.
 */
final class StreamableHttpMcpClient extends JsonRpcMcpClient {
    private final HttpClient http;
    private final URI url;
    private final Map<String, String> headers;
    private volatile String sessionId;

    StreamableHttpMcpClient(HttpClient http, URI url, Map<String, String> headers) {
        this.http = http;
        this.url = url;
        this.headers = Map.copyOf(headers);
    }

    @Override
    protected void send(ObjectNode message, Duration timeout) throws IOException {
        HttpRequest.Builder b = HttpRequest.newBuilder(url).timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(message)));
        headers.forEach(b::header);
        if (sessionId != null) {
            b.header("Mcp-Session-Id", sessionId);
            b.header("MCP-Protocol-Version", protocolVersion);
        }
        HttpResponse<InputStream> response;
        try {
            response = http.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
        try (InputStream body = response.body()) {
            int status = response.statusCode();
            if (status >= 400) {
                throw new HttpStatusException(status, new String(body.readNBytes(500), java.nio.charset.StandardCharsets.UTF_8));
            }
            response.headers().firstValue("Mcp-Session-Id").ifPresent(id -> sessionId = id);
            String type = response.headers().firstValue("Content-Type").orElse("");
            if (status == 202 || !message.has("id") || message.has("result") || message.has("error")) {
                return;
            }
            if (type.startsWith("text/event-stream")) {
                long wanted = message.get("id").asLong();
                SseReader.read(body, (event, data) -> {
                    try {
                        JsonNode msg = JSON.readTree(data);
                        onMessage(msg);
                        return !(msg.has("id") && !msg.has("method") && msg.get("id").asLong() == wanted);
                    } catch (IOException e) {
                        return true;
                    }
                });
            } else {
                onMessage(JSON.readTree(body));
            }
        }
    }

    @Override
    public void close() {
        if (sessionId == null) {
            return;
        }
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(5)).DELETE()
                    .header("Mcp-Session-Id", sessionId);
            headers.forEach(b::header);
            http.send(b.build(), HttpResponse.BodyHandlers.discarding());
        } catch (IOException | InterruptedException | RuntimeException ignored) {
            // the server drops the session on its own eventually
        }
    }

    /** The server answered with an HTTP error; 4xx on initialize suggests an SSE-only server. */
    static final class HttpStatusException extends IOException {
        final int status;

        HttpStatusException(int status, String body) {
            super("HTTP " + status + (body.isBlank() ? "" : ": " + body.strip()));
            this.status = status;
        }
    }
}
