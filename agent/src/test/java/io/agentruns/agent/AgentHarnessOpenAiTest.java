package io.agentruns.agent;

import static io.agentruns.agent.testing.ScriptedModelServer.answer;
import static io.agentruns.agent.testing.ScriptedModelServer.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentruns.agent.testing.HarnessFixture;
import io.agentruns.agent.testing.RecordingEventSink;
import io.agentruns.agent.testing.ScriptedModelServer;
import io.agentruns.agent.testing.TestCancellation;
import io.agentruns.core.environment.Environment;
import io.agentruns.core.environment.RepoRef;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.event.EventType;
import io.agentruns.core.harness.Harness;
import io.agentruns.core.harness.HarnessException;
import io.agentruns.core.harness.HarnessRun;
import io.agentruns.core.harness.RunOutcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** End-to-end runs of the production harness against a scripted OpenAI-compatible provider. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AgentHarnessOpenAiTest {
    @TempDir
    Path tmp;
    ScriptedModelServer model;
    RecordingEventSink events = new RecordingEventSink();
    TestCancellation cancel = new TestCancellation();

    @BeforeEach
    void start() throws Exception {
        model = new ScriptedModelServer();
    }

    @AfterEach
    void stop() {
        model.close();
    }

    private AgentHarness harness() {
        return HarnessFixture.harness(HarnessFixture.settings(tmp.resolve("data"), model));
    }

    private RunOutcome runToEnd(Harness harness, HarnessRun run) throws HarnessException {
        try (Harness.PreparedRun prepared = harness.prepare(run, events, cancel)) {
            return prepared.execute(events, cancel);
        }
    }

    @Test
    void modelFixesAFailingTestInAClonedRepository() throws Exception {
        model.script(
                call("read_file", Map.of("path", "calc.sh")),
                call("shell", Map.of("command", "sh test.sh")),
                call("edit_file", Map.of("path", "calc.sh", "old_text", "$1 - $2", "new_text", "$1 + $2")),
                call("shell", Map.of("command", "sh test.sh")),
                answer("Fixed calc.sh: it subtracted instead of adding. The test passes."));
        Environment env = HarnessFixture.calcEnvironment(tmp);
        HarnessRun run = HarnessFixture.run("Make the tests pass", "gpt-4.1", env);
        AgentHarness harness = harness();

        RunOutcome outcome = runToEnd(harness, run);

        assertThat(outcome).isInstanceOf(RunOutcome.Succeeded.class);
        RunOutcome.Succeeded ok = (RunOutcome.Succeeded) outcome;
        assertThat(ok.output()).contains("The test passes");
        assertThat(ok.usage().inputTokens()).isEqualTo(500);
        assertThat(ok.usage().outputTokens()).isEqualTo(100);
        // the file changed: the FILE artifact carries the patch
        assertThat(ok.artifacts()).singleElement().satisfies(a -> {
            assertThat(a.artifactType()).isEqualTo("FILE");
            assertThat((String) a.data().get("patch")).contains("-echo $(( $1 - $2 ))").contains("+echo $(( $1 + $2 ))");
            assertThat(a.data().get("repo")).isEqualTo("acme/calc");
        });
        // the transcript shows the commands with their exit codes, the edit with its diff
        List<Map<String, Object>> commands = events.of(EventType.COMMAND);
        assertThat(commands).hasSize(2);
        assertThat(commands.get(0)).containsEntry("command", "sh test.sh").containsEntry("exit_code", 1);
        assertThat(commands.get(1)).containsEntry("command", "sh test.sh").containsEntry("exit_code", 0);
        assertThat((String) commands.get(1).get("output")).contains("PASS");
        assertThat(commands.get(1)).containsKey("duration_ms");
        assertThat(events.of(EventType.FILE_CHANGE).getFirst()).containsEntry("path", "calc.sh");
        assertThat((String) events.of(EventType.FILE_CHANGE).getFirst().get("diff")).contains("+echo $(( $1 + $2 ))");
        assertThat(events.of(EventType.TOOL_CALL)).extracting(d -> d.get("tool"))
                .containsExactly("read_file", "shell", "edit_file", "shell");
        assertThat(events.of(EventType.ENVIRONMENT_STEP)).anySatisfy(d -> assertThat(d).containsEntry("step", "clone")
                .containsEntry("exit_code", 0));
        assertThat(events.of(EventType.OUTPUT)).singleElement().satisfies(d -> assertThat(d.get("text")).isEqualTo(ok.output()));
        // tool results reached the model
        List<String> seen = model.toolResultsSeen();
        assertThat(seen.get(0)).contains("echo $(( $1 - $2 ))");
        assertThat(seen.get(1)).contains("FAIL: expected 5, got -1");
        assertThat(seen.get(3)).contains("exit code: 0").contains("PASS");
        assertThat(model.requestHeaders().getFirst().get("Authorization")).containsExactly("Bearer " + HarnessFixture.OPENAI_KEY);
        assertThat(model.systemPrompt(0)).contains("acme/calc").contains("coding agent");
        assertThat(model.toolNames(0)).contains("shell", "read_file", "write_file", "edit_file", "list_files", "search");
        // the workspace is removed after the run
        assertThat(tmp.resolve("data/workspaces").resolve(run.runId().toString())).doesNotExist();
        // provider keys never reach the transcript
        assertThat(events.asJson()).doesNotContain(HarnessFixture.OPENAI_KEY);
    }

    @Test
    void failingSetupCommandFailsTheRunWithTheCommandAndItsOutput() throws Exception {
        Environment calc = HarnessFixture.calcEnvironment(tmp);
        Environment env = HarnessFixture.environment(calc.repos(),
                List.of("echo preparing", "echo 'missing dependency: libfoo' >&2; exit 3", "echo never"));
        HarnessRun run = HarnessFixture.run("anything", "gpt-4.1", env);

        assertThatThrownBy(() -> harness().prepare(run, events, cancel))
                .isInstanceOfSatisfying(HarnessException.class, e -> {
                    assertThat(e.status().errorCode()).isEqualTo(ErrorCode.ENVIRONMENT_SETUP_FAILED);
                    assertThat(e.status().retryable()).isFalse();
                    assertThat(e.status().message()).contains("exit 3").contains("exit code 3")
                            .contains("missing dependency: libfoo");
                });
        assertThat(events.of(EventType.ENVIRONMENT_STEP)).filteredOn(d -> "setup".equals(d.get("step")))
                .extracting(d -> d.get("exit_code")).containsExactly(0, 3);
        assertThat(model.requests()).isEmpty();
        assertThat(tmp.resolve("data/workspaces").resolve(run.runId().toString())).doesNotExist();
    }

    @Test
    void unknownRepositoryFailsSetup() throws Exception {
        Environment env = HarnessFixture.environment(List.of(new RepoRef("file://" + tmp.resolve("nope"), null)), List.of());
        assertThatThrownBy(() -> harness().prepare(HarnessFixture.run("x", "gpt-4.1", env), events, cancel))
                .isInstanceOfSatisfying(HarnessException.class, e ->
                        assertThat(e.status().errorCode()).isEqualTo(ErrorCode.ENVIRONMENT_SETUP_FAILED));
    }

    @Test
    void rejectedCredentialsFailWithoutRetry() throws Exception {
        model.script(new ScriptedModelServer.Fail(401));
        RunOutcome outcome = runToEnd(harness(), HarnessFixture.run("hi", "gpt-4.1", HarnessFixture.calcEnvironment(tmp)));

        assertThat(outcome).isInstanceOfSatisfying(RunOutcome.Failed.class, f -> {
            assertThat(f.status().errorCode()).isEqualTo(ErrorCode.EXTERNAL_AUTHENTICATION_REQUIRED);
            assertThat(f.status().retryable()).isFalse();
            assertThat(f.status().message()).contains("OPENAI_API_KEY");
        });
        assertThat(model.requests()).hasSize(1);
    }

    @Test
    void providerOutageFailsRetryablyAfterRetries() throws Exception {
        model.script(new ScriptedModelServer.Fail(500)).repeatLast();
        RunOutcome outcome = runToEnd(harness(), HarnessFixture.run("hi", "gpt-4.1", HarnessFixture.calcEnvironment(tmp)));

        assertThat(outcome).isInstanceOfSatisfying(RunOutcome.Failed.class, f -> {
            assertThat(f.status().errorCode()).isEqualTo(ErrorCode.RESOURCE_UNAVAILABLE);
            assertThat(f.status().retryable()).isTrue();
        });
        assertThat(model.requests()).hasSizeGreaterThan(1);
    }

    @Test
    void rateLimitFailsRetryablyAfterRetries() throws Exception {
        model.script(new ScriptedModelServer.Fail(429)).repeatLast();
        RunOutcome outcome = runToEnd(harness(), HarnessFixture.run("hi", "gpt-4o-mini", HarnessFixture.calcEnvironment(tmp)));

        assertThat(outcome).isInstanceOfSatisfying(RunOutcome.Failed.class, f -> {
            assertThat(f.status().errorCode()).isEqualTo(ErrorCode.RESOURCE_UNAVAILABLE);
            assertThat(f.status().retryable()).isTrue();
            assertThat(f.status().message()).contains("rate limiting");
        });
        assertThat(model.requests()).hasSize(2);
    }

    @Test
    void missingProviderConfigurationNamesTheVariable() throws Exception {
        AgentSettings settings = HarnessFixture.settings(tmp.resolve("data"), model)
                .withProviders(AgentSettings.ProviderSettings.none());
        HarnessRun run = HarnessFixture.run("hi", "claude-sonnet-4-5", HarnessFixture.calcEnvironment(tmp));

        assertThatThrownBy(() -> HarnessFixture.harness(settings).prepare(run, events, cancel))
                .isInstanceOfSatisfying(HarnessException.class, e -> {
                    assertThat(e.status().errorCode()).isEqualTo(ErrorCode.INTEGRATION_NOT_CONFIGURED);
                    assertThat(e.status().message()).contains("ANTHROPIC_API_KEY");
                });
    }

    @Test
    void stepLimitFailsTheRunSayingSo() throws Exception {
        model.script(call("shell", Map.of("command", "true"))).repeatLast();
        AgentSettings settings = HarnessFixture.settings(tmp.resolve("data"), model).withLimits(3, Duration.ofMinutes(5), 1_000_000);
        RunOutcome outcome = runToEnd(HarnessFixture.harness(settings),
                HarnessFixture.run("loop forever", "gpt-4.1", HarnessFixture.calcEnvironment(tmp)));

        assertThat(outcome).isInstanceOfSatisfying(RunOutcome.Failed.class, f -> {
            assertThat(f.status().errorCode()).isEqualTo(ErrorCode.BUDGET_EXCEEDED);
            assertThat(f.status().message()).contains("step limit of 3");
        });
        assertThat(model.requests()).hasSize(3);
        assertThat(events.of(EventType.ERROR)).isNotEmpty();
    }

    @Test
    void tokenLimitFailsTheRunSayingSo() throws Exception {
        model.script(call("shell", Map.of("command", "true"))).repeatLast();
        AgentSettings settings = HarnessFixture.settings(tmp.resolve("data"), model).withLimits(50, Duration.ofMinutes(5), 250);
        RunOutcome outcome = runToEnd(HarnessFixture.harness(settings),
                HarnessFixture.run("loop", "gpt-4.1", HarnessFixture.calcEnvironment(tmp)));

        assertThat(outcome).isInstanceOfSatisfying(RunOutcome.Failed.class, f ->
                assertThat(f.status().message()).contains("token limit of 250"));
    }

    @Test
    void cancelDuringLongCommandStopsTheRun() throws Exception {
        model.script(call("shell", Map.of("command", "touch started; sleep 300 & sleep 300")), answer("never"));
        AgentHarness harness = harness();
        HarnessRun run = HarnessFixture.run("wait", "gpt-4.1", HarnessFixture.calcEnvironment(tmp));
        Path marker = tmp.resolve("data/workspaces").resolve(run.runId().toString()).resolve("calc/started");

        try (Harness.PreparedRun prepared = harness.prepare(run, events, cancel)) {
            CompletableFuture<RunOutcome> outcome = CompletableFuture.supplyAsync(() -> prepared.execute(events, cancel));
            while (!Files.exists(marker)) {
                Thread.sleep(50);
            }
            cancel.cancel();
            assertThat(outcome.get(60, TimeUnit.SECONDS)).isInstanceOf(RunOutcome.Cancelled.class);
        }
        assertThat(model.requests()).hasSize(1);
        assertThat(events.of(EventType.COMMAND)).singleElement().satisfies(d -> assertThat(d).containsEntry("cancelled", true));
    }

    @Test
    void cancelWhileWaitingForTheModelStopsTheRun() throws Exception {
        model.script(new ScriptedModelServer.Slow(Duration.ofSeconds(30), answer("too late")));
        AgentHarness harness = harness();
        HarnessRun run = HarnessFixture.run("wait", "gpt-4.1", HarnessFixture.calcEnvironment(tmp));

        try (Harness.PreparedRun prepared = harness.prepare(run, events, cancel)) {
            CompletableFuture<RunOutcome> outcome = CompletableFuture.supplyAsync(() -> prepared.execute(events, cancel));
            while (model.requests().isEmpty()) {
                Thread.sleep(20);
            }
            cancel.cancel();
            assertThat(outcome.get(20, TimeUnit.SECONDS)).isInstanceOf(RunOutcome.Cancelled.class);
        }
        assertThat(events.of(EventType.OUTPUT)).isEmpty();
    }

    @Test
    void wallTimeLimitFailsTheRunSayingSo() throws Exception {
        model.script(new ScriptedModelServer.Slow(Duration.ofSeconds(20), answer("too late")));
        AgentSettings settings = HarnessFixture.settings(tmp.resolve("data"), model).withLimits(50, Duration.ofSeconds(1), 1_000_000);
        RunOutcome outcome = runToEnd(HarnessFixture.harness(settings),
                HarnessFixture.run("slow", "gpt-4.1", HarnessFixture.calcEnvironment(tmp)));

        assertThat(outcome).isInstanceOfSatisfying(RunOutcome.Failed.class, f -> {
            assertThat(f.status().errorCode()).isEqualTo(ErrorCode.BUDGET_EXCEEDED);
            assertThat(f.status().message()).contains("wall-time limit");
        });
    }
}
