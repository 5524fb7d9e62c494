package io.agentruns.agent.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A stdio MCP server for tests, run as a real process with the test JVM's java binary. Its
 * {@code secret} tool answers with the MCP_TOKEN variable it was given, so that tests can check the
 * value reaches the server but never the transcript. With {@code --broken} it dies at once.
 */
public final class StdioMcpTestServer {
    private StdioMcpTestServer() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--broken")) {
            System.err.println("boom: the test server refuses to start");
            System.exit(7);
        }
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        McpTestProtocol protocol = new McpTestProtocol("stdio-test", Map.of(
                "echo", new McpTestProtocol.TestTool("Echoes its text", Map.of("text", "string"),
                        a -> "echo: " + a.path("text").asText()),
                "secret", new McpTestProtocol.TestTool("Tells the token it was started with", Map.of(),
                        a -> "my token is " + System.getenv("MCP_TOKEN") + "; OPENAI_API_KEY="
                                + System.getenv("OPENAI_API_KEY"))));
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode reply = protocol.handle(McpTestProtocol.JSON.readTree(line));
            if (reply != null) {
                out.println(McpTestProtocol.JSON.writeValueAsString(reply));
            }
        }
    }

    /** The command and arguments that start this server (optionally broken). */
    public static java.util.List<String> commandLine(boolean broken) {
        String javaBin = ProcessHandle.current().info().command().orElse(System.getProperty("java.home") + "/bin/java");
        java.util.List<String> argv = new java.util.ArrayList<>(java.util.List.of(javaBin, "-cp",
                System.getProperty("java.class.path"), StdioMcpTestServer.class.getName()));
        if (broken) {
            argv.add("--broken");
        }
        return argv;
    }
}
