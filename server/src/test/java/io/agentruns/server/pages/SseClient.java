package io.agentruns.server.pages;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/** A minimal Server-Sent Events reader over java.net.http, for tests (no SDK involved). */
final class SseClient implements AutoCloseable {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    record Frame(String id, String event, String data, String comment) {
    }

    private final HttpResponse<InputStream> response;
    private final BufferedReader reader;

    SseClient(String url, Map<String, String> headers) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).header("Accept", "text/event-stream").GET();
        headers.forEach(b::header);
        response = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
        reader = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8));
    }

    int status() {
        return response.statusCode();
    }

    String contentType() {
        return response.headers().firstValue("Content-Type").orElse("");
    }

    /** The next event or comment; null at the end of the stream. */
    Frame next() throws IOException {
        String id = null;
        String event = null;
        StringBuilder data = null;
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.isEmpty()) {
                if (data != null) {
                    return new Frame(id, event, data.toString(), null);
                }
                continue;
            }
            if (line.startsWith(":")) {
                return new Frame(null, null, null, line.substring(1).trim());
            }
            int colon = line.indexOf(':');
            String field = colon < 0 ? line : line.substring(0, colon);
            String value = colon < 0 ? "" : line.substring(colon + 1).replaceFirst("^ ", "");
            switch (field) {
                case "id" -> id = value;
                case "event" -> event = value;
                case "data" -> data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
                default -> { }
            }
        }
        return null;
    }

    /** The next frame that is an event (skips comments). */
    Frame nextEvent() throws IOException {
        Frame f;
        do {
            f = next();
        } while (f != null && f.comment() != null);
        return f;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }

    static Duration timeout() {
        return Duration.ofSeconds(30);
    }
}
