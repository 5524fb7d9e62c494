package io.agentruns.agent.workspace;

import io.agentruns.agent.AgentSettings;
import io.agentruns.agent.exec.CommandResult;
import io.agentruns.agent.exec.CommandRunner;
import io.agentruns.core.environment.Environment;
import io.agentruns.core.environment.RepoRef;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.event.EventType;
import io.agentruns.core.harness.CancellationToken;
import io.agentruns.core.harness.EventSink;
import io.agentruns.core.harness.HarnessException;
import io.agentruns.core.run.StatusMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Creates a run's workspace: clones the environment's repositories (git CLI, any URL), then runs
 * its setup commands in order. A failing step throws {@code environment_setup_failed} naming the
 * step and the tail of its output. Guarded by AgentHarnessOpenAiTest#failingSetupCommandFailsTheRun.
 */
public final class WorkspacePreparer {
    private static final int TAIL = 1500;
    private final AgentSettings settings;
    private final CommandRunner runner;

    public WorkspacePreparer(AgentSettings settings, CommandRunner runner) {
        this.settings = settings;
        this.runner = runner;
    }

    /** An empty workspace for the run; the caller deletes it. */
    public Workspace create(UUID runId) throws HarnessException {
        Path root = settings.workspacesDir().resolve(runId.toString()).toAbsolutePath().normalize();
        try {
            if (Files.exists(root)) {
                new Workspace(root, List.of()).delete();
            }
            Files.createDirectories(root);
        } catch (IOException | RuntimeException e) {
            throw new HarnessException(new StatusMessage("cannot create the workspace: " + e.getMessage(),
                    ErrorCode.INTERNAL_ERROR, true), e);
        }
        return new Workspace(root, List.of());
    }

    /** Clones every repository; returns the workspace with them. */
    public Workspace cloneRepos(Workspace ws, Environment env, EventSink events, CancellationToken cancel)
            throws HarnessException {
        List<Workspace.ClonedRepo> cloned = new ArrayList<>();
        Set<String> used = new HashSet<>();
        for (RepoRef ref : env == null ? List.<RepoRef>of() : env.repos()) {
            String name = RepoNames.repoName(ref.url());
            String unique = name;
            for (int i = 2; !used.add(unique); i++) {
                unique = name + "-" + i;
            }
            Path dir = ws.root().resolve(unique);
            List<String> argv = new ArrayList<>(List.of("git", "clone", "--quiet"));
            if (ref.branch() != null && !ref.branch().isBlank()) {
                argv.addAll(List.of("--branch", ref.branch()));
            }
            argv.addAll(List.of("--", ref.url(), dir.toString()));
            CommandResult r = runner.run(argv, ws.root(), settings.setupTimeout(), cancel);
            String shownUrl = RepoNames.redact(ref.url());
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("step", "clone");
            data.put("repo", shownUrl);
            if (ref.branch() != null) {
                data.put("branch", ref.branch());
            }
            data.put("path", unique);
            data.put("exit_code", r.exitCode());
            data.put("duration_ms", r.durationMs());
            data.put("output", redactUrl(r.output(), ref.url()));
            events.emit(EventType.ENVIRONMENT_STEP, data);
            if (!r.succeeded()) {
                throw cancelledOr(r, cancel, "Cloning " + shownUrl
                        + (ref.branch() == null ? "" : " (branch " + ref.branch() + ")") + " failed with exit code "
                        + r.exitCode() + ": " + redactUrl(r.tail(TAIL), ref.url()));
            }
            cloned.add(new Workspace.ClonedRepo(ref, RepoNames.ownerAndRepo(ref.url()), dir));
        }
        return ws.withRepos(cloned);
    }

    /** Runs the setup commands in order inside the sandbox, stopping at the first failure. */
    public void runSetup(Workspace ws, Environment env, EventSink events, CancellationToken cancel)
            throws HarnessException {
        List<String> commands = env == null ? List.of() : env.setupCommands();
        for (int i = 0; i < commands.size(); i++) {
            String command = commands.get(i);
            CommandResult r = runner.runSandboxed(command, ws.root(), ws.workingDir(), settings.setupTimeout(), true,
                    cancel);
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("step", "setup");
            data.put("index", i + 1);
            data.put("command", command);
            data.put("exit_code", r.exitCode());
            data.put("duration_ms", r.durationMs());
            data.put("output", r.output());
            data.put("truncated", r.truncated());
            events.emit(EventType.ENVIRONMENT_STEP, data);
            if (!r.succeeded()) {
                String why = r.timedOut() ? "timed out after " + settings.setupTimeout().toSeconds() + "s"
                        : "failed with exit code " + r.exitCode();
                throw cancelledOr(r, cancel, "Setup command " + (i + 1) + " `" + command + "` " + why + ": "
                        + r.tail(TAIL));
            }
        }
    }

    private static HarnessException cancelledOr(CommandResult r, CancellationToken cancel, String message) {
        if (r.cancelled() || cancel.isCancelled()) {
            return new SetupCancelledException();
        }
        return new HarnessException(new StatusMessage(message, ErrorCode.ENVIRONMENT_SETUP_FAILED, false));
    }

    private static String redactUrl(String text, String url) {
        String shown = RepoNames.redact(url);
        return shown.equals(url) ? text : text.replace(url, shown);
    }

    /** Preparation stopped because the run was cancelled. */
    public static final class SetupCancelledException extends HarnessException {
        public SetupCancelledException() {
            super(new StatusMessage("the run was cancelled during environment setup", ErrorCode.CONFLICT, false));
        }
    }
}
