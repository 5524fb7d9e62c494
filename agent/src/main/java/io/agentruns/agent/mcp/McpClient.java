package io.agentruns.agent.mcp;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** A connection to one MCP server, speaking JSON-RPC over some transport. */
public interface McpClient extends AutoCloseable {

    /** A tool as the server describes it; {@code inputSchema} is JSON Schema as a map. */
    record ToolInfo(String name, String description, Map<String, Object> inputSchema) {
    }

    /** A tool call's answer, its content flattened to text. */
    record CallResult(String text, boolean isError) {
    }

    void initialize(Duration timeout) throws IOException;

    List<ToolInfo> listTools(Duration timeout) throws IOException;

    CallResult callTool(String name, Map<String, Object> arguments, Duration timeout) throws IOException;

    /** Something that helps explain a failure (e.g. the tail of a stdio server's stderr), or "". */
    default String diagnostics() {
        return "";
    }

    @Override
    void close();
}
