package io.agentruns.agent;

import io.agentruns.agent.exec.CommandRunner;
import io.agentruns.agent.exec.Sandbox;
import io.agentruns.agent.exec.ScrubbedEnvironment;
import io.agentruns.agent.loop.AgentLoop;
import io.agentruns.agent.loop.LoopResult;
import io.agentruns.agent.loop.RedactingEventSink;
import io.agentruns.agent.loop.SecretRedactor;
import io.agentruns.agent.loop.SystemPrompt;
import io.agentruns.agent.mcp.McpConnector;
import io.agentruns.agent.mcp.McpServerException;
import io.agentruns.agent.model.ChatModels;
import io.agentruns.agent.model.ModelRegistry;
import io.agentruns.agent.model.ModelRoute;
import io.agentruns.agent.skill.SkillResolver;
import io.agentruns.agent.skill.SkillResolver.ResolvedSkill;
import io.agentruns.agent.tools.AgentTool;
import io.agentruns.agent.tools.EditFileTool;
import io.agentruns.agent.tools.ListFilesTool;
import io.agentruns.agent.tools.ReadFileTool;
import io.agentruns.agent.tools.SearchTool;
import io.agentruns.agent.tools.ShellTool;
import io.agentruns.agent.tools.WorkspacePaths;
import io.agentruns.agent.tools.WriteFileTool;
import io.agentruns.agent.workspace.GitPatch;
import io.agentruns.agent.workspace.RepoNames;
import io.agentruns.agent.workspace.Workspace;
import io.agentruns.agent.workspace.WorkspacePreparer;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.event.EventType;
import io.agentruns.core.harness.CancellationToken;
import io.agentruns.core.harness.EventSink;
import io.agentruns.core.harness.Harness;
import io.agentruns.core.harness.HarnessException;
import io.agentruns.core.harness.HarnessRun;
import io.agentruns.core.harness.RunOutcome;
import io.agentruns.core.run.Artifact;
import io.agentruns.core.run.StatusMessage;
import io.agentruns.core.run.Usage;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The production harness: prepares a workspace from the run's environment, then lets a language
 * model work on the prompt with shell and file tools and the run's MCP servers, recording every
 * step. Guarded end to end by AgentHarnessOpenAiTest, AgentHarnessAnthropicTest,
 * AgentHarnessMcpTest and AgentHarnessSkillTest.
 */
public final class AgentHarness implements Harness {
    private static final int PATCH_CAP = 1_000_000;

    private final AgentSettings settings;
    private final ModelRegistry registry;
    private final ChatModels chatModels;
    private final Clock clock;
    private final Map<String, String> commandEnvironment;
    private volatile Sandbox sandbox;

    public AgentHarness(AgentSettings settings, ModelRegistry registry, Clock clock) {
        this.settings = settings;
        this.registry = registry;
        this.chatModels = new ChatModels(settings.providers());
        this.clock = clock;
        this.commandEnvironment = ScrubbedEnvironment.current();
    }

    /** Probes bubblewrap once, on first use (not in the constructor: it starts a process). */
    private Sandbox sandbox() {
        Sandbox s = sandbox;
        if (s == null) {
            synchronized (this) {
                if (sandbox == null) {
                    sandbox = Sandbox.create(settings.sandbox(), settings.dataDir());
                }
                s = sandbox;
            }
        }
        return s;
    }

    public String sandboxDescription() {
        return sandbox().describe();
    }

    @Override
    public PreparedRun prepare(HarnessRun run, EventSink rawEvents, CancellationToken cancel) throws HarnessException {
        SecretRedactor redactor = redactorFor(run);
        EventSink events = new RedactingEventSink(rawEvents, redactor);
        ModelRoute route = route(run);
        StatusMessage missing = chatModels.notConfigured(route.provider()).orElse(null);
        if (missing != null) {
            throw new HarnessException(missing);
        }
        CommandRunner runner = new CommandRunner(sandbox(), commandEnvironment, settings.outputCapChars());
        WorkspacePreparer preparer = new WorkspacePreparer(settings, runner);
        Workspace ws = preparer.create(run.runId());
        try {
            events.emit(EventType.ENVIRONMENT_STEP, stepData("workspace", Map.of("sandbox", sandbox().describe(),
                    "model", route.modelId(), "provider", route.provider().id())));
            ws = preparer.cloneRepos(ws, run.environment(), events, cancel);
            preparer.runSetup(ws, run.environment(), events, cancel);
            ResolvedSkill skill = null;
            String spec = run.config().skillSpec();
            if (spec != null && !spec.isBlank()) {
                skill = SkillResolver.resolve(spec, ws);
                events.emit(EventType.ENVIRONMENT_STEP, stepData("skill", Map.of("skill_spec", spec,
                        "name", skill.name(), "path", skill.path())));
            }
            return new AgentRun(run, ws, route, skill, runner, redactor);
        } catch (WorkspacePreparer.SetupCancelledException e) {
            return new CancelledRun(ws);
        } catch (HarnessException e) {
            events.emit(EventType.ERROR, Map.of("message", e.status().message(),
                    "error_code", e.status().errorCode().wireName()));
            retain(ws, false);
            throw new HarnessException(new StatusMessage(redactor.redact(e.status().message()),
                    e.status().errorCode(), e.status().retryable()), e);
        } catch (RuntimeException e) {
            retain(ws, false);
            throw e;
        }
    }

    private ModelRoute route(HarnessRun run) throws HarnessException {
        String id = run.config().modelId() == null ? registry.defaultModel() : run.config().modelId();
        return registry.find(id).orElseThrow(() -> new HarnessException(new StatusMessage(
                "unknown model_id '" + id + "'", ErrorCode.INVALID_REQUEST, false)));
    }

    private SecretRedactor redactorFor(HarnessRun run) {
        var p = settings.providers();
        List<String> keys = new ArrayList<>();
        keys.add(p.openAiApiKey());
        keys.add(p.anthropicApiKey());
        if (run.environment() != null) {
            run.environment().repos().forEach(r -> {
                String shown = RepoNames.redact(r.url());
                if (!shown.equals(r.url())) {
                    keys.add(r.url().substring(r.url().indexOf("://") + 3, r.url().indexOf('@')));
                }
            });
        }
        return SecretRedactor.of(keys.stream().filter(java.util.Objects::nonNull).toList(), run.config().mcpServers());
    }

    private static Map<String, Object> stepData(String step, Map<String, Object> more) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("step", step);
        data.putAll(more);
        return data;
    }

    /** Deletes the workspace unless the retention setting keeps it. */
    private void retain(Workspace ws, boolean succeeded) {
        boolean keep = switch (settings.retention()) {
            case ALL -> true;
            case FAILED -> !succeeded;
            case NONE -> false;
        };
        if (!keep) {
            try {
                ws.delete();
            } catch (RuntimeException ignored) {
                // a leftover directory is not worth failing a run for
            }
        }
    }

    /** Cancelled while preparing: nothing to execute. */
    private final class CancelledRun implements PreparedRun {
        private final Workspace ws;

        CancelledRun(Workspace ws) {
            this.ws = ws;
        }

        @Override
        public RunOutcome execute(EventSink events, CancellationToken cancel) {
            return new RunOutcome.Cancelled(Usage.NONE);
        }

        @Override
        public void close() {
            retain(ws, false);
        }
    }

    /** A prepared workspace waiting for the agent loop. */
    private final class AgentRun implements PreparedRun {
        private final HarnessRun run;
        private final Workspace ws;
        private final ModelRoute route;
        private final ResolvedSkill skill;
        private final CommandRunner runner;
        private final SecretRedactor redactor;
        private volatile boolean succeeded;

        AgentRun(HarnessRun run, Workspace ws, ModelRoute route, ResolvedSkill skill, CommandRunner runner,
                 SecretRedactor redactor) {
            this.run = run;
            this.ws = ws;
            this.route = route;
            this.skill = skill;
            this.runner = runner;
            this.redactor = redactor;
        }

        @Override
        public RunOutcome execute(EventSink rawEvents, CancellationToken cancel) {
            EventSink events = new RedactingEventSink(rawEvents, redactor);
            if (cancel.isCancelled()) {
                return new RunOutcome.Cancelled(Usage.NONE);
            }
            McpConnector connector = new McpConnector(commandEnvironment, Duration.ofSeconds(60),
                    settings.commandTimeout());
            McpConnector.Session mcp;
            try {
                mcp = connector.connect(run.config().mcpServers(), ws.workingDir());
            } catch (McpServerException e) {
                StatusMessage status = new StatusMessage(redactor.redact(e.getMessage()),
                        ErrorCode.ENVIRONMENT_SETUP_FAILED, false);
                events.emit(EventType.ERROR, Map.of("message", status.message(), "error_code",
                        status.errorCode().wireName(), "server", e.server()));
                return new RunOutcome.Failed(status, Usage.NONE, List.of());
            }
            try (mcp) {
                if (!mcp.tools().isEmpty()) {
                    events.emit(EventType.ENVIRONMENT_STEP, stepData("mcp", Map.of("servers",
                            List.copyOf(run.config().mcpServers().keySet()), "tools",
                            mcp.tools().stream().map(AgentTool::name).toList())));
                }
                WorkspacePaths paths = new WorkspacePaths(ws.root(), ws.workingDir());
                List<AgentTool> tools = Stream.concat(Stream.of(
                        new ShellTool(runner, paths, settings.commandTimeout(), settings.sandboxNetwork()),
                        new ReadFileTool(paths), new WriteFileTool(paths), new EditFileTool(paths),
                        new ListFilesTool(paths), new SearchTool(paths)), mcp.tools().stream()).toList();
                String system = SystemPrompt.build(run.environment(), ws, sandbox().describe(),
                        settings.sandboxNetwork(), run.config().basePrompt(), skill);
                String prompt = run.prompt() == null || run.prompt().isBlank()
                        ? "Carry out the skill described in your instructions." : run.prompt();
                AgentLoop loop = new AgentLoop(chatModels.create(route), route.provider(), tools,
                        new AgentLoop.Limits(settings.maxSteps(), settings.maxWallTime(), settings.maxTokens()), clock);
                LoopResult result = loop.run(system, prompt, events, cancel);
                List<Artifact> artifacts = result instanceof LoopResult.Cancelled ? List.of() : patches(events);
                return switch (result) {
                    case LoopResult.Finished f -> {
                        succeeded = true;
                        yield new RunOutcome.Succeeded(redactor.redact(f.answer()), f.usage(), artifacts);
                    }
                    case LoopResult.Failed f -> new RunOutcome.Failed(new StatusMessage(
                            redactor.redact(f.status().message()), f.status().errorCode(), f.status().retryable()),
                            f.usage(), artifacts);
                    case LoopResult.Cancelled c -> new RunOutcome.Cancelled(c.usage());
                };
            }
        }

        /** One FILE artifact with the patch of each repository the agent changed. */
        private List<Artifact> patches(EventSink events) {
            List<Artifact> out = new ArrayList<>();
            CommandRunner patchRunner = new CommandRunner(sandbox(), commandEnvironment, PATCH_CAP);
            for (Workspace.ClonedRepo repo : ws.repos()) {
                String patch = redactor.redact(GitPatch.of(patchRunner, ws, repo));
                if (patch.isBlank()) {
                    continue;
                }
                List<String> files = patch.lines().filter(l -> l.startsWith("diff --git "))
                        .map(l -> l.substring(l.lastIndexOf(" b/") + 3)).toList();
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("name", repo.dir().getFileName() + ".patch");
                data.put("repo", repo.ownerAndRepo());
                data.put("url", RepoNames.redact(repo.ref().url()));
                data.put("path", repo.dir().getFileName().toString());
                data.put("content_type", "text/x-diff");
                data.put("files", files);
                data.put("patch", patch);
                out.add(new Artifact("FILE", clock.instant().truncatedTo(java.time.temporal.ChronoUnit.MILLIS), data));
                Map<String, Object> event = new LinkedHashMap<>();
                event.put("repo", repo.ownerAndRepo());
                event.put("path", repo.dir().getFileName().toString());
                event.put("files", files);
                event.put("diff", patch.length() > 20_000 ? patch.substring(0, 20_000) + "\n... [patch cut]" : patch);
                event.put("summary", true);
                events.emit(EventType.FILE_CHANGE, event);
            }
            return out;
        }

        @Override
        public void close() {
            retain(ws, succeeded);
        }
    }
}
