package io.agentruns.agent.tools;

import dev.langchain4j.agent.tool.ToolSpecification;
import java.util.Map;

/** A tool the model can call: its specification (name, description, JSON schema) and its action. */
public interface AgentTool {
    ToolSpecification specification();

    default String name() {
        return specification().name();
    }

    /** Executes a call; failures the model should see are returned as error results, not thrown. */
    ToolResult execute(Map<String, Object> arguments, ToolContext context);
}
