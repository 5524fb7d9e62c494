package io.agentruns.bench;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Requests of the agentruns /api/v1 that the bench sends; {@code base} ends with /api/v1. */
final class ServiceApi {
    static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private final String base;
    private final String authorization;

    ServiceApi(String base, String key) {
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        this.authorization = "Bearer " + key;
    }

    /** Body of a create: a small prompt like a CI job sends; {@code workerHost} null = default pool. */
    static byte[] createBody(long n, String configName, String workerHost) {
        ObjectNode body = JSON.createObjectNode();
        body.put("prompt", "Run the test suite and fix the failing test #" + n + " in module core.");
        body.put("title", "bench run " + n);
        ObjectNode config = body.putObject("config");
        config.put("name", configName);
        if (workerHost != null && !workerHost.isEmpty()) {
            config.put("worker_host", workerHost);
        }
        return JSON.writeValueAsBytes(body);
    }

    HttpRequest create(byte[] body) {
        return HttpRequest.newBuilder(URI.create(base + "/agent/run"))
                .timeout(TIMEOUT)
                .header("Authorization", authorization)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
    }

    HttpRequest get(String pathAndQuery) {
        return HttpRequest.newBuilder(URI.create(base + pathAndQuery))
                .timeout(TIMEOUT)
                .header("Authorization", authorization)
                .GET()
                .build();
    }

    HttpRequest postJson(String path, JsonNode body) {
        return HttpRequest.newBuilder(URI.create(base + path))
                .timeout(TIMEOUT)
                .header("Authorization", authorization)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)))
                .build();
    }

    /** {@code query} plus {@code cursor} (URL-encoded) as a /agent/runs request. */
    HttpRequest list(String query, String cursor) {
        StringBuilder path = new StringBuilder("/agent/runs");
        String sep = "?";
        if (query != null && !query.isBlank()) {
            path.append(sep).append(query);
            sep = "&";
        }
        if (cursor != null) {
            path.append(sep).append("cursor=").append(URLEncoder.encode(cursor, StandardCharsets.UTF_8));
        }
        return get(path.toString());
    }
}
