package io.agentruns.agent;

import static io.agentruns.agent.testing.ScriptedModelServer.answer;
import static io.agentruns.agent.testing.ScriptedModelServer.call;
import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.agent.testing.HarnessFixture;
import io.agentruns.agent.testing.RecordingEventSink;
import io.agentruns.agent.testing.ScriptedModelServer;
import io.agentruns.agent.testing.TestCancellation;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.event.EventType;
import io.agentruns.core.harness.Harness;
import io.agentruns.core.harness.HarnessRun;
import io.agentruns.core.harness.RunOutcome;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** End-to-end runs of the production harness against a scripted Anthropic messages provider. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AgentHarnessAnthropicTest {
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

    private RunOutcome runToEnd(HarnessRun run) throws Exception {
        AgentHarness harness = HarnessFixture.harness(HarnessFixture.settings(tmp.resolve("data"), model));
        try (Harness.PreparedRun prepared = harness.prepare(run, events, cancel)) {
            return prepared.execute(events, cancel);
        }
    }

    @Test
    void claudeFixesAFailingTest() throws Exception {
        model.script(
                call("search", Map.of("pattern", "echo \\$\\(\\(")),
                call("write_file", Map.of("path", "calc.sh", "content", "#!/bin/sh\necho $(( $1 + $2 ))\n")),
                call("shell", Map.of("command", "sh test.sh")),
                answer("calc.sh now adds; sh test.sh passes."));

        RunOutcome outcome = runToEnd(HarnessFixture.run("Fix the failing test", "claude-sonnet-4-5",
                HarnessFixture.calcEnvironment(tmp)));

        assertThat(outcome).isInstanceOfSatisfying(RunOutcome.Succeeded.class, ok -> {
            assertThat(ok.output()).isEqualTo("calc.sh now adds; sh test.sh passes.");
            assertThat(ok.usage().inputTokens()).isEqualTo(400);
            assertThat(ok.artifacts()).singleElement().satisfies(a ->
                    assertThat((String) a.data().get("patch")).contains("+echo $(( $1 + $2 ))"));
        });
        assertThat(events.of(EventType.COMMAND)).singleElement().satisfies(d ->
                assertThat(d).containsEntry("exit_code", 0).containsEntry("command", "sh test.sh"));
        assertThat(events.of(EventType.MODEL_MESSAGE)).isNotEmpty();
        assertThat(model.toolResultsSeen().get(0)).contains("calc.sh:3: echo $(( $1 - $2 ))");
        assertThat(model.toolResultsSeen().get(2)).contains("PASS");
        assertThat(model.requestHeaders().getFirst().get("X-api-key")).containsExactly(HarnessFixture.ANTHROPIC_KEY);
        assertThat(model.systemPrompt(0)).contains("coding agent");
        assertThat(model.requests().getFirst().path("model").asText()).isEqualTo("claude-sonnet-4-5");
    }

    @Test
    void rejectedCredentialsFailWithoutRetry() throws Exception {
        model.script(new ScriptedModelServer.Fail(401));
        RunOutcome outcome = runToEnd(HarnessFixture.run("hi", "claude-sonnet-4-5", HarnessFixture.calcEnvironment(tmp)));

        assertThat(outcome).isInstanceOfSatisfying(RunOutcome.Failed.class, f -> {
            assertThat(f.status().errorCode()).isEqualTo(ErrorCode.EXTERNAL_AUTHENTICATION_REQUIRED);
            assertThat(f.status().retryable()).isFalse();
            assertThat(f.status().message()).contains("ANTHROPIC_API_KEY");
        });
        assertThat(model.requests()).hasSize(1);
    }

    @Test
    void overloadedProviderFailsRetryably() throws Exception {
        model.script(new ScriptedModelServer.Fail(529)).repeatLast();
        RunOutcome outcome = runToEnd(HarnessFixture.run("hi", "anthropic/claude-custom", HarnessFixture.calcEnvironment(tmp)));

        assertThat(outcome).isInstanceOfSatisfying(RunOutcome.Failed.class, f -> {
            assertThat(f.status().errorCode()).isEqualTo(ErrorCode.RESOURCE_UNAVAILABLE);
            assertThat(f.status().retryable()).isTrue();
        });
        assertThat(model.requests().getFirst().path("model").asText()).isEqualTo("claude-custom");
    }
}
