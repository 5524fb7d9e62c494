package io.agentruns.core.event;

/** Kinds of transcript events. The wire name is the lowercase dotted form, e.g. {@code tool.call}. */
public enum EventType {
    /** A state change of the run; data: state, and status_message when FAILED. */
    STATE("state"),
    /** A step of preparing the workspace: clone, setup command; data: step, command, exit_code, output. */
    ENVIRONMENT_STEP("environment.step"),
    /** Text from the model; data: role, text. */
    MODEL_MESSAGE("model.message"),
    /** The model asked for a tool; data: call_id, tool, arguments. */
    TOOL_CALL("tool.call"),
    /** A tool's answer; data: call_id, tool, result, is_error. */
    TOOL_RESULT("tool.result"),
    /** A shell command ran; data: command, exit_code, duration_ms, output, truncated. */
    COMMAND("command"),
    /** A file changed; data: path, diff. */
    FILE_CHANGE("file.change"),
    /** A call to an MCP server's tool; data: server, tool, arguments, result. */
    MCP_CALL("mcp.call"),
    /** Something went wrong; data: message, error_code. */
    ERROR("error"),
    /** The run's final answer; data: text. */
    OUTPUT("output");

    private final String wireName;

    EventType(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static EventType fromWireName(String name) {
        for (EventType t : values()) {
            if (t.wireName.equals(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown event type: " + name);
    }
}
