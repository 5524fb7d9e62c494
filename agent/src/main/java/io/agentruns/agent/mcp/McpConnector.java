package io.agentruns.agent.mcp;

import io.agentruns.agent.tools.AgentTool;
import io.agentruns.core.run.McpServerConfig;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Connects a run's MCP servers and turns their tools into agent tools. stdio servers get the
 * scrubbed environment plus their own {@code env}; remote servers get their {@code headers}; a
 * remote URL is tried as streamable HTTP first and, when that is refused, as HTTP+SSE. Any broken
 * server fails the whole connection with its name. Guarded by McpToolsTest and AgentHarnessMcpTest.
 */
public final class McpConnector {
    private final Map<String, String> baseEnvironment;
    private final Duration connectTimeout;
    private final Duration callTimeout;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
            .version(HttpClient.Version.HTTP_1_1).build();

    public McpConnector(Map<String, String> baseEnvironment, Duration connectTimeout, Duration callTimeout) {
        this.baseEnvironment = Map.copyOf(baseEnvironment);
        this.connectTimeout = connectTimeout;
        this.callTimeout = callTimeout;
    }

    /** Open connections to a run's servers; closing it stops stdio servers and ends sessions. */
    public static final class Session implements AutoCloseable {
        private final List<McpClient> clients;
        private final List<AgentTool> tools;

        Session(List<McpClient> clients, List<AgentTool> tools) {
            this.clients = clients;
            this.tools = tools;
        }

        public List<AgentTool> tools() {
            return tools;
        }

        @Override
        public void close() {
            clients.forEach(McpClient::close);
        }
    }

    public Session connect(Map<String, McpServerConfig> servers, Path cwd) throws McpServerException {
        List<McpClient> clients = new ArrayList<>();
        List<AgentTool> tools = new ArrayList<>();
        Set<String> names = new HashSet<>();
        try {
            for (var entry : servers.entrySet()) {
                String server = entry.getKey();
                McpClient client = open(server, entry.getValue(), cwd);
                clients.add(client);
                List<McpClient.ToolInfo> infos;
                try {
                    infos = client.listTools(connectTimeout);
                } catch (IOException e) {
                    throw failure(server, "could not list its tools: " + e.getMessage(), client, e);
                }
                for (McpClient.ToolInfo info : infos) {
                    String name = exposedName(server, info.name());
                    String unique = name;
                    for (int i = 2; !names.add(unique); i++) {
                        unique = name.substring(0, Math.min(name.length(), 60)) + "_" + i;
                    }
                    tools.add(new McpTool(unique, server, client, info, callTimeout));
                }
            }
        } catch (McpServerException e) {
            clients.forEach(McpClient::close);
            throw e;
        }
        return new Session(clients, tools);
    }

    /** {@code mcp__<server>__<tool>} in the characters and length that model APIs accept. */
    static String exposedName(String server, String tool) {
        String name = "mcp__" + sanitize(server) + "__" + sanitize(tool);
        return name.length() > 64 ? name.substring(0, 64) : name;
    }

    private static String sanitize(String s) {
        return s.replaceAll("[^A-Za-z0-9_-]", "_");
    }

    private McpClient open(String server, McpServerConfig config, Path cwd) throws McpServerException {
        if (config.warpId() != null) {
            throw new McpServerException(server, "refers to a registered server (warp_id " + config.warpId()
                    + "), which this service does not provide; configure command or url instead", null);
        }
        if (config.command() != null) {
            Map<String, String> env = new LinkedHashMap<>(baseEnvironment);
            env.putAll(config.env());
            McpClient client;
            try {
                client = new StdioMcpClient(config.command(), config.args(), env, cwd);
            } catch (IOException e) {
                throw new McpServerException(server, "could not be started (" + config.command() + "): "
                        + e.getMessage(), e);
            }
            initialize(server, client);
            return client;
        }
        if (config.url() != null) {
            URI uri;
            try {
                uri = URI.create(config.url());
            } catch (IllegalArgumentException e) {
                throw new McpServerException(server, "has an invalid url", e);
            }
            if (uri.getPath() != null && uri.getPath().endsWith("/sse")) {
                McpClient sse = new SseMcpClient(http, uri, config.headers());
                initialize(server, sse);
                return sse;
            }
            McpClient streamable = new StreamableHttpMcpClient(http, uri, config.headers());
            try {
                streamable.initialize(connectTimeout);
                return streamable;
            } catch (StreamableHttpMcpClient.HttpStatusException e) {
                if (e.status == 401 || e.status == 403) {
                    throw failure(server, "rejected the credentials (" + e.getMessage() + ")", streamable, e);
                }
                streamable.close();
                McpClient sse = new SseMcpClient(http, uri, config.headers());
                initialize(server, sse);
                return sse;
            } catch (IOException e) {
                throw failure(server, "could not be reached at " + redactUrl(config.url()) + ": " + e.getMessage(),
                        streamable, e);
            }
        }
        throw new McpServerException(server, "has neither command nor url", null);
    }

    private void initialize(String server, McpClient client) throws McpServerException {
        try {
            client.initialize(connectTimeout);
        } catch (IOException e) {
            throw failure(server, "failed to initialize: " + e.getMessage(), client, e);
        }
    }

    private static McpServerException failure(String server, String message, McpClient client, Exception e) {
        String diag = client.diagnostics();
        client.close();
        return new McpServerException(server, message + (diag.isEmpty() ? "" : " -- " + diag), e);
    }

    private static String redactUrl(String url) {
        return url.replaceAll("(?<=://)[^/@\\s]+@", "***@").replaceAll("\\?.*$", "?***");
    }
}
