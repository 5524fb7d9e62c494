package io.agentruns.agent.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.agentruns.agent.testing.TestCancellation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** With bubblewrap (skipped where it is missing or cannot create namespaces): only the workspace is writable. */
class SandboxIsolationTest {
    @TempDir
    Path tmp;
    Path dataDir;
    Path workspace;
    CommandRunner runner;

    @BeforeEach
    void setUp() throws Exception {
        dataDir = tmp.resolve("data");
        workspace = dataDir.resolve("workspaces/run-1");
        Files.createDirectories(workspace);
        Files.writeString(dataDir.resolve("agentruns.mv.db"), "secret database");
        Sandbox sandbox = Sandbox.create(SandboxMode.AUTO, dataDir);
        assumeTrue(sandbox.usesBubblewrap(), "bubblewrap is not usable here");
        runner = new CommandRunner(sandbox, ScrubbedEnvironment.current(), 10_000);
    }

    private CommandResult run(String command, boolean network) {
        return runner.runSandboxed(command, workspace, workspace, Duration.ofSeconds(30), network, new TestCancellation());
    }

    @Test
    void workspaceIsWritableAndTheDataDirIsInvisible() throws Exception {
        assertThat(run("echo hi > made.txt && cat made.txt", false).output()).contains("hi");
        assertThat(workspace.resolve("made.txt")).exists();
        CommandResult peek = run("ls " + dataDir + "; cat " + dataDir.resolve("agentruns.mv.db"), false);
        assertThat(peek.output()).doesNotContain("secret database").doesNotContain("agentruns.mv.db\n");
        CommandResult escape = run("touch " + tmp.resolve("outside.txt") + " /usr/evil.txt", false);
        assertThat(escape.exitCode()).isNotZero();
        assertThat(tmp.resolve("outside.txt")).doesNotExist();
    }

    @Test
    void homeIsWritableInsideTheWorkspace() {
        CommandResult r = run("echo cached > $HOME/cache.txt && echo $HOME", false);
        assertThat(r.exitCode()).as(r.output()).isZero();
        assertThat(workspace.resolve(".home/cache.txt")).exists();
    }

    @Test
    void networkCanBeCut() {
        assertThat(run("cat /proc/net/dev | grep -c : ", false).output().trim()).isEqualTo("1");
    }
}
