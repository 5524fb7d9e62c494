package io.agentruns.server;

import io.agentruns.model.WireJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** A small real-HTTP client for tests: raw requests, JSON answers. */
public final class Http {
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final String base;
    private String key;

    public Http(int port, String key) {
        this("http://127.0.0.1:" + port, key);
    }

    public Http(String base, String key) {
        this.base = base;
        this.key = key;
    }

    public Http withKey(String newKey) {
        return new Http(base, newKey);
    }

    public String key() {
        return key;
    }

    public String base() {
        return base;
    }

    /** An answer: status, headers and the raw and parsed body. */
    public record Response(int status, HttpResponse<String> raw) {
        public JsonNode json() {
            return WireJson.mapper().readTree(raw.body());
        }

        public String body() {
            return raw.body();
        }

        public String header(String name) {
            return raw.headers().firstValue(name).orElse(null);
        }

        public String contentType() {
            return header("Content-Type");
        }

        @Override
        public String toString() {
            return status + " " + raw.body();
        }
    }

    public Response get(String path) {
        return send("GET", path, null, Map.of());
    }

    public Response post(String path, String json) {
        return send("POST", path, json, Map.of("Content-Type", "application/json"));
    }

    public Response post(String path, Object body) {
        return post(path, WireJson.mapper().writeValueAsString(body));
    }

    public Response put(String path, String json) {
        return send("PUT", path, json, Map.of("Content-Type", "application/json"));
    }

    public Response delete(String path) {
        return send("DELETE", path, null, Map.of());
    }

    public Response send(String method, String path, String body, Map<String, String> headers) {
        return sendBytes(method, path, body == null ? null : body.getBytes(java.nio.charset.StandardCharsets.UTF_8), headers);
    }

    public Response sendBytes(String method, String path, byte[] body, Map<String, String> headers) {
        Map<String, String> all = new LinkedHashMap<>();
        if (key != null) {
            all.put("Authorization", "Bearer " + key);
        }
        all.putAll(headers);
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        all.forEach((k, v) -> {
            if (v != null) {
                b.header(k, v);
            }
        });
        try {
            HttpResponse<String> r = CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(r.statusCode(), r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
