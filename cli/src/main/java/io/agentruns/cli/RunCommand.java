package io.agentruns.cli;

import io.agentruns.client.AgentrunsClient;
import io.agentruns.client.RequestOptions;
import io.agentruns.client.internal.Json;
import io.agentruns.client.types.AgentConfig;
import io.agentruns.client.types.McpServerConfig;
import io.agentruns.client.types.RunAgentRequest;
import io.agentruns.client.types.RunAgentResponse;
import io.agentruns.client.types.RunEvent;
import io.agentruns.client.types.RunItem;
import io.agentruns.client.types.RunState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code agentruns run PROMPT ...}: creates a run (source CLI), prints its id, optionally waits or follows. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Start an agent run and print its id.",
                "With --wait or --follow the exit code is 0 when the run SUCCEEDED and 1 when it FAILED or was CANCELLED."})
public class RunCommand extends ApiCommand {
    /** Marks runs created here as source CLI (the server reads this header). */
    static final String SOURCE_HEADER = "X-Agentruns-Source";

    @Parameters(index = "0", arity = "0..1", paramLabel = "PROMPT", description = "What the agent should do (optional with --skill).")
    String prompt;

    @Option(names = "--name", description = "Config name, for grouping and filtering (runs list --name).")
    String name;

    @Option(names = "--title", description = "Title (default: the prompt's first line).")
    String title;

    @Option(names = "--environment", paramLabel = "ID", description = "Environment id (default: the team's default).")
    String environment;

    @Option(names = "--model", paramLabel = "ID", description = "Model id.")
    String model;

    @Option(names = "--base-prompt", paramLabel = "TEXT", description = "Base prompt shaping the agent's behaviour.")
    String basePrompt;

    @Option(names = "--skill", paramLabel = "SPEC", description = "Skill: owner/repo:skill-name or owner/repo:path/to/SKILL.md.")
    String skill;

    @Option(names = "--mcp", paramLabel = "NAME=JSON|@file",
            description = "An MCP server, e.g. gh={\"url\":\"https://...\"} or fs=@fs.json; repeatable.")
    List<String> mcp = List.of();

    @Option(names = "--worker-host", paramLabel = "HOST", description = "Run on the workers of this host name.")
    String workerHost;

    @Option(names = "--team", description = "Make the run visible to the whole team.")
    boolean team;

    @Option(names = "--idempotency-key", paramLabel = "KEY", description = "Reuse this key to retry a create safely.")
    String idempotencyKey;

    @ArgGroup(exclusive = true)
    Follow follow;

    static class Follow {
        @Option(names = "--wait", description = "Wait until the run ends; print its final state.")
        boolean waitForEnd;

        @Option(names = "--follow", description = "Stream the transcript until the run ends.")
        boolean stream;
    }

    @Override
    int execute(AgentrunsClient client) {
        if ((prompt == null || prompt.isBlank()) && skill == null) {
            throw new IllegalArgumentException("Missing PROMPT (or --skill)");
        }
        AgentConfig.Builder config = AgentConfig.builder().name(name).environmentId(environment).modelId(model)
                .basePrompt(basePrompt).skillSpec(skill).workerHost(workerHost);
        if (!mcp.isEmpty()) {
            config.mcpServers(parseMcp(mcp));
        }
        RunAgentRequest request = RunAgentRequest.builder().prompt(prompt).title(title).config(config.build())
                .team(team ? Boolean.TRUE : null).build();
        RequestOptions.Builder options = RequestOptions.builder().header(SOURCE_HEADER, "CLI");
        if (idempotencyKey != null) {
            options.idempotencyKey(idempotencyKey);
        }
        RunAgentResponse created = client.runs().create(request, options.build());
        out().println(created.runId());
        out().flush();
        if (follow == null) {
            return 0;
        }
        RunState end;
        if (follow.stream) {
            TranscriptPrinter printer = new TranscriptPrinter(out(), false);
            RunEvent last = client.runs().follow(created.runId(), 0, printer::print);
            end = last == null ? null : last.stateOrNull();
            if (end == null || !end.isFinal()) {
                end = client.runs().get(created.runId()).state();
            }
        } else {
            RunItem run = client.runs().waitForFinalState(created.runId(), java.time.Duration.ofSeconds(1), null);
            end = run.state();
            out().println(end + (run.statusMessage() == null ? "" : ": " + run.statusMessage().message()));
            out().flush();
        }
        return end == RunState.SUCCEEDED ? 0 : 1;
    }

    /** {@code NAME=JSON} or {@code NAME=@file}. */
    static Map<String, McpServerConfig> parseMcp(List<String> specs) {
        Map<String, McpServerConfig> servers = new LinkedHashMap<>();
        for (String spec : specs) {
            int eq = spec.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("--mcp must be NAME=JSON or NAME=@file: " + spec);
            }
            String value = spec.substring(eq + 1).trim();
            String json;
            if (value.startsWith("@")) {
                try {
                    json = Files.readString(Path.of(value.substring(1)));
                } catch (IOException e) {
                    throw new UsageException("--mcp " + spec.substring(0, eq) + ": cannot read " + value.substring(1) + ": " + e.getMessage());
                }
            } else {
                json = value;
            }
            try {
                servers.put(spec.substring(0, eq).trim(), Json.mapper().readValue(json, McpServerConfig.class));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("--mcp " + spec.substring(0, eq) + ": not a JSON object: " + oneLine(e.getMessage()));
            }
        }
        return servers;
    }
}
