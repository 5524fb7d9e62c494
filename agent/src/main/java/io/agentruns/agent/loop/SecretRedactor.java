package io.agentruns.agent.loop;

import io.agentruns.core.run.McpServerConfig;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Replaces known secret values (provider keys, MCP env and header values) with {@code ***} in
 * everything a run records: events, its output and its status (invariant 8). A tool or server
 * that echoes a secret therefore cannot leak it into the transcript. Guarded by
 * SecretRedactorTest and AgentHarnessMcpTest#mcpSecretsNeverReachTheTranscript.
 */
public final class SecretRedactor {
    private static final int MIN_LENGTH = 4;
    private final List<String> secrets;

    public SecretRedactor(Collection<String> values) {
        this.secrets = values.stream().filter(v -> v != null && v.length() >= MIN_LENGTH).distinct()
                .sorted(Comparator.comparingInt(String::length).reversed()).toList();
    }

    public static SecretRedactor of(Collection<String> providerKeys, Map<String, McpServerConfig> servers) {
        List<String> values = new ArrayList<>(providerKeys);
        servers.values().forEach(s -> {
            values.addAll(s.env().values());
            values.addAll(s.headers().values());
            for (String h : s.headers().values()) {
                // "Bearer abc" leaks "abc" when a server prints only the token
                int space = h.indexOf(' ');
                if (space > 0) {
                    values.add(h.substring(space + 1).trim());
                }
            }
        });
        return new SecretRedactor(values);
    }

    public String redact(String text) {
        if (text == null || secrets.isEmpty()) {
            return text;
        }
        String out = text;
        for (String s : secrets) {
            out = out.replace(s, McpServerConfig.REDACTED);
        }
        return out;
    }

    public Map<String, Object> redact(Map<String, Object> data) {
        if (secrets.isEmpty()) {
            return data;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        data.forEach((k, v) -> out.put(k, redactValue(v)));
        return out;
    }

    @SuppressWarnings("unchecked")
    private Object redactValue(Object v) {
        if (v instanceof String s) {
            return redact(s);
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            ((Map<Object, Object>) m).forEach((k, x) -> out.put(String.valueOf(k), redactValue(x)));
            return out;
        }
        if (v instanceof Collection<?> c) {
            return c.stream().map(this::redactValue).toList();
        }
        return v;
    }
}
