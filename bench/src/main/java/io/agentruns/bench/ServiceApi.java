package io.agentruns.bench;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Requests of the agentruns /api/v1 that the bench sends; {@code base} ends with /api/v1. */
final class ServiceApi {
    static final JsonMapper JSON = JsonMapper.builder().build();
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

    HttpConnection.Request create(byte[] body) {
        return HttpConnection.Request.postJson(URI.create(base + "/agent/run"), authorization, body);
    }

    HttpConnection.Request get(String pathAndQuery) {
        return HttpConnection.Request.get(URI.create(base + pathAndQuery), authorization);
    }

    HttpConnection.Request postJson(String path, JsonNode body) {
        return HttpConnection.Request.postJson(URI.create(base + path), authorization, JSON.writeValueAsBytes(body));
    }

    /** A connection to the service (one per thread: connections are not shared). */
    HttpConnection connect() {
        return new HttpConnection(URI.create(base));
    }

    /** {@code query} plus {@code cursor} (URL-encoded) as a /agent/runs request. */
    HttpConnection.Request list(String query, String cursor) {
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
