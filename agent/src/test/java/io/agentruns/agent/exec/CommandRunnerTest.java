package io.agentruns.agent.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.agent.testing.TestCancellation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CommandRunnerTest {
    @TempDir
    Path tmp;

    private CommandRunner runner(int cap) {
        return new CommandRunner(Sandbox.create(SandboxMode.PROCESS, tmp.resolve("data")),
                ScrubbedEnvironment.from(Map.of("PATH", System.getenv("PATH"), "OPENAI_API_KEY", "sk-x",
                        "AGENTRUNS_DATABASE_URL", "jdbc:x", "HOME", "/root", "MY_TOKEN", "t")), cap);
    }

    @Test
    void reportsExitCodeAndOutput() {
        CommandResult r = runner(1000).runSandboxed("echo out; echo err >&2; exit 4", tmp, tmp, Duration.ofSeconds(10),
                true, new TestCancellation());
        assertThat(r.exitCode()).isEqualTo(4);
        assertThat(r.output()).contains("out").contains("err");
        assertThat(r.succeeded()).isFalse();
    }

    @Test
    void timeoutKillsTheWholeProcessGroup() throws Exception {
        Path pidFile = tmp.resolve("child.pid");
        CommandResult r = runner(1000).runSandboxed("sleep 120 & echo $! > child.pid; wait", tmp, tmp,
                Duration.ofSeconds(1), true, new TestCancellation());
        assertThat(r.timedOut()).isTrue();
        long child = Long.parseLong(Files.readString(pidFile).trim());
        for (int i = 0; i < 100 && ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false); i++) {
            Thread.sleep(50);
        }
        assertThat(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }

    @Test
    void cancelKillsARunningCommand() throws Exception {
        TestCancellation cancel = new TestCancellation();
        Thread.ofVirtual().start(() -> {
            try {
                while (!Files.exists(tmp.resolve("started"))) {
                    Thread.sleep(20);
                }
            } catch (InterruptedException ignored) {
                return;
            }
            cancel.cancel();
        });
        CommandResult r = runner(1000).runSandboxed("touch started; sleep 120", tmp, tmp, Duration.ofSeconds(50), true, cancel);
        assertThat(r.cancelled()).isTrue();
        assertThat(r.timedOut()).isFalse();
    }

    @Test
    void outputIsCappedKeepingHeadAndTail() {
        CommandResult r = runner(1000).runSandboxed("echo FIRST; seq 1 100000; echo LAST", tmp, tmp, Duration.ofSeconds(20),
                true, new TestCancellation());
        assertThat(r.truncated()).isTrue();
        assertThat(r.output()).startsWith("FIRST").contains("omitted").endsWith("LAST\n");
        assertThat(r.output().length()).isLessThan(1200);
    }

    @Test
    void commandsSeeNoServiceSecrets() {
        CommandResult r = runner(10_000).runSandboxed("env", tmp, tmp, Duration.ofSeconds(10), true, new TestCancellation());
        assertThat(r.output()).doesNotContain("OPENAI_API_KEY").doesNotContain("AGENTRUNS_").doesNotContain("MY_TOKEN")
                .contains("HOME=/root").contains("GIT_TERMINAL_PROMPT=0");
    }

    @Test
    void scrubbingCoversCommonSecretNames() {
        assertThat(ScrubbedEnvironment.isDenied("ANTHROPIC_API_KEY")).isTrue();
        assertThat(ScrubbedEnvironment.isDenied("GITHUB_TOKEN")).isTrue();
        assertThat(ScrubbedEnvironment.isDenied("PGPASSWORD")).isTrue();
        assertThat(ScrubbedEnvironment.isDenied("AGENTRUNS_DATA_DIR")).isTrue();
        assertThat(ScrubbedEnvironment.isDenied("PATH")).isFalse();
        assertThat(ScrubbedEnvironment.isDenied("LANG")).isFalse();
    }
}
