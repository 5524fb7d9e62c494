package io.agentruns.agent.tools;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import io.agentruns.agent.exec.CommandResult;
import io.agentruns.agent.exec.CommandRunner;
import io.agentruns.core.event.EventType;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** Runs a shell command in the working directory, sandboxed, and records it as a {@code command} event. */
public final class ShellTool implements AgentTool {
    private final CommandRunner runner;
    private final WorkspacePaths paths;
    private final Duration maxTimeout;
    private final boolean network;

    public ShellTool(CommandRunner runner, WorkspacePaths paths, Duration maxTimeout, boolean network) {
        this.runner = runner;
        this.paths = paths;
        this.maxTimeout = maxTimeout;
        this.network = network;
    }

    @Override
    public ToolSpecification specification() {
        return ToolSpecification.builder().name("shell")
                .description("Run a bash command in the working directory (or `cwd`, relative to it). Returns the exit "
                        + "code and the combined stdout/stderr (long output is cut in the middle). The command times out "
                        + "after timeout_seconds (at most " + maxTimeout.toSeconds() + "). Non-interactive: stdin is closed.")
                .parameters(JsonObjectSchema.builder()
                        .addStringProperty("command", "the bash command line")
                        .addStringProperty("cwd", "optional directory relative to the working directory")
                        .addIntegerProperty("timeout_seconds", "optional timeout in seconds")
                        .required("command").build())
                .build();
    }

    @Override
    public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
        String command = ToolArgs.string(args, "command");
        var cwd = paths.resolve(ToolArgs.stringOr(args, "cwd", "."));
        int requested = ToolArgs.intOr(args, "timeout_seconds", (int) maxTimeout.toSeconds());
        Duration timeout = Duration.ofSeconds(Math.max(1, Math.min(requested, maxTimeout.toSeconds())));
        CommandResult r = runner.runSandboxed(command, paths.root(), cwd, timeout, network, ctx.cancel());
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("call_id", ctx.callId());
        data.put("command", command);
        data.put("cwd", paths.show(cwd));
        data.put("exit_code", r.exitCode());
        data.put("duration_ms", r.durationMs());
        data.put("output", r.output());
        data.put("truncated", r.truncated());
        if (r.timedOut()) {
            data.put("timed_out", true);
        }
        if (r.cancelled()) {
            data.put("cancelled", true);
        }
        ctx.events().emit(EventType.COMMAND, data);
        String text = "exit code: " + r.exitCode() + (r.timedOut() ? " (timed out)" : "") + "\n" + r.output();
        return new ToolResult(text, !r.succeeded());
    }
}
