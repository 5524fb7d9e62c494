package io.agentruns.server.runs;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/**
 * SHA-256 of a request body in canonical form (object keys sorted, no whitespace), so that a
 * retry with the same content but another key order or spacing counts as the same request.
 */
public final class RequestHash {
    private RequestHash() {
    }

    public static String of(String path, JsonNode body) {
        StringBuilder canonical = new StringBuilder(path).append('\n');
        write(body, canonical);
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(canonical.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void write(JsonNode node, StringBuilder out) {
        if (node.isObject()) {
            Map<String, JsonNode> sorted = new TreeMap<>();
            node.properties().forEach(e -> sorted.put(e.getKey(), e.getValue()));
            out.append('{');
            sorted.forEach((k, v) -> {
                out.append(quote(k)).append(':');
                write(v, out);
                out.append(',');
            });
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            node.values().forEach(v -> {
                write(v, out);
                out.append(',');
            });
            out.append(']');
        } else if (node.isString()) {
            out.append(quote(node.stringValue()));
        } else {
            out.append(node.toString());
        }
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
