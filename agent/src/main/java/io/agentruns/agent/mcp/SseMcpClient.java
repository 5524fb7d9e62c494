package io.agentruns.agent.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * MCP's older HTTP+SSE transport: a GET opens an event stream whose first {@code endpoint} event
 * names the URL to POST messages to; answers arrive on the stream.
 */
final class SseMcpClient extends JsonRpcMcpClient {
    private final HttpClient http;
    private final URI url;
    private final Map<String, String> headers;
    private final CompletableFuture<URI> endpoint = new CompletableFuture<>();
    private volatile InputStream stream;
    private volatile boolean closed;

    SseMcpClient(HttpClient http, URI url, Map<String, String> headers) {
        this.http = http;
        this.url = url;
        this.headers = Map.copyOf(headers);
    }

    @Override
    public void initialize(Duration timeout) throws IOException {
        HttpRequest.Builder b = HttpRequest.newBuilder(url).header("Accept", "text/event-stream").GET();
        headers.forEach(b::header);
        HttpResponse<InputStream> response;
        try {
            response = http.sendAsync(b.build(), HttpResponse.BodyHandlers.ofInputStream())
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            throw new IOException("cannot open the event stream: " + e.getMessage(), e);
        }
        if (response.statusCode() >= 400) {
            throw new IOException("HTTP " + response.statusCode() + " opening the event stream");
        }
        stream = response.body();
        Thread.ofVirtual().start(this::readStream);
        try {
            endpoint.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            throw new IOException("the server sent no endpoint event", e);
        }
        super.initialize(timeout);
    }

    private void readStream() {
        try {
            SseReader.read(stream, (event, data) -> {
                if ("endpoint".equals(event)) {
                    endpoint.complete(url.resolve(data.trim()));
                } else {
                    try {
                        onMessage(JSON.readTree(data));
                    } catch (IOException ignored) {
                        // not JSON: skip
                    }
                }
                return !closed;
            });
        } catch (IOException ignored) {
            // stream closed
        }
        failAll("the event stream ended");
        endpoint.completeExceptionally(new IOException("the event stream ended"));
    }

    @Override
    protected void send(ObjectNode message, Duration timeout) throws IOException {
        URI target;
        try {
            target = endpoint.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            throw new IOException("no endpoint to send to", e);
        }
        HttpRequest.Builder b = HttpRequest.newBuilder(target).timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(message)));
        headers.forEach(b::header);
        try {
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() >= 400) {
                throw new IOException("HTTP " + r.statusCode() + " posting a message");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            if (stream != null) {
                stream.close();
            }
        } catch (IOException ignored) {
            // already closed
        }
    }
}
