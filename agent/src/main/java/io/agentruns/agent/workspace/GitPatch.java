package io.agentruns.agent.workspace;

import io.agentruns.agent.exec.CommandResult;
import io.agentruns.agent.exec.CommandRunner;
import io.agentruns.core.harness.CancellationToken;
import java.time.Duration;

/**
 * The patch of what changed in a cloned repository ({@code git diff} against HEAD, new files
 * included). Runs inside the sandbox because the agent could have planted git config that
 * executes commands (core.fsmonitor, diff drivers).
 */
public final class GitPatch {
    private static final CancellationToken NEVER = new CancellationToken() {
        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public void onCancel(Runnable action) {
        }
    };

    private GitPatch() {
    }

    /** The patch, or an empty string when nothing changed. */
    public static String of(CommandRunner runner, Workspace ws, Workspace.ClonedRepo repo) {
        String cmd = "git add -A -N . >/dev/null 2>&1; "
                + "git -c core.quotepath=off -c core.fsmonitor=false diff --no-color --no-ext-diff --no-textconv HEAD";
        CommandResult r = runner.runSandboxed(cmd, ws.root(), repo.dir(), Duration.ofMinutes(2), false, NEVER);
        return r.exitCode() == 0 ? r.output() : "";
    }
}
