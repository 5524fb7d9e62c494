package io.agentruns.client.types;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** An ordered list of query parameters (a name may repeat, e.g. {@code state=QUEUED&state=FAILED}). */
public final class QueryParams {
    private final List<Map.Entry<String, String>> entries = new ArrayList<>();

    /** Adds {@code name=value} unless value is null. */
    public QueryParams add(String name, Object value) {
        if (value != null) {
            entries.add(Map.entry(name, value.toString()));
        }
        return this;
    }

    public List<Map.Entry<String, String>> entries() {
        return List.copyOf(entries);
    }

    /** The encoded query string without the leading {@code ?}; empty when there is no parameter. */
    public String encode() {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> e : entries) {
            if (!sb.isEmpty()) {
                sb.append('&');
            }
            sb.append(URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8)).append('=')
                    .append(URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8));
        }
        return sb.toString();
    }
}
