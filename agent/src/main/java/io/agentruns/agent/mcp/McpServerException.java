package io.agentruns.agent.mcp;

/** An MCP server of the run could not be started or used; the message names it. */
public final class McpServerException extends Exception {
    private final String server;

    public McpServerException(String server, String message, Throwable cause) {
        super("MCP server '" + server + "' " + message, cause);
        this.server = server;
    }

    public String server() {
        return server;
    }
}
