package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One MCP server of a run: exactly one of {@code command} (stdio, with {@code args} and {@code env}),
 * {@code url} (HTTP/SSE, with {@code headers}) or {@code warpId} (a server registered on the service).
 * In responses the values of {@code env} and {@code headers} come back as {@code "***"}.
 */
public record McpServerConfig(String command, List<String> args, Map<String, String> env,
                              String url, Map<String, String> headers, String warpId,
                              @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public McpServerConfig {
        extra = Extras.of(extra);
    }

    /** A stdio server started with {@code command args...}. */
    public static McpServerConfig stdio(String command, List<String> args, Map<String, String> env) {
        return new McpServerConfig(command, args, env, null, null, null, null);
    }

    /** An HTTP/SSE server at {@code url}. */
    public static McpServerConfig http(String url, Map<String, String> headers) {
        return new McpServerConfig(null, null, null, url, headers, null, null);
    }

    /** A reference to a server registered on the service. */
    public static McpServerConfig registered(String warpId) {
        return new McpServerConfig(null, null, null, null, null, warpId, null);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builder of {@link McpServerConfig}. */
    public static final class Builder {
        private String command;
        private List<String> args;
        private Map<String, String> env;
        private String url;
        private Map<String, String> headers;
        private String warpId;
        private final Map<String, Object> extra = new LinkedHashMap<>();

        public Builder command(String command) { this.command = command; return this; }
        public Builder args(List<String> args) { this.args = args; return this; }
        public Builder env(Map<String, String> env) { this.env = env; return this; }
        public Builder url(String url) { this.url = url; return this; }
        public Builder headers(Map<String, String> headers) { this.headers = headers; return this; }
        public Builder warpId(String warpId) { this.warpId = warpId; return this; }
        /** Sends a field this SDK does not model. */
        public Builder putExtra(String name, Object value) { extra.put(name, value); return this; }

        public McpServerConfig build() {
            return new McpServerConfig(command, args, env, url, headers, warpId, extra);
        }
    }
}
