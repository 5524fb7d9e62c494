package io.agentruns.agent;

import static io.agentruns.agent.testing.ScriptedModelServer.answer;
import static io.agentruns.agent.testing.ScriptedModelServer.call;
import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.agent.testing.HarnessFixture;
import io.agentruns.agent.testing.HttpMcpTestServer;
import io.agentruns.agent.testing.RecordingEventSink;
import io.agentruns.agent.testing.ScriptedModelServer;
import io.agentruns.agent.testing.StdioMcpTestServer;
import io.agentruns.agent.testing.TestCancellation;
import io.agentruns.core.environment.Environment;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.event.EventType;
import io.agentruns.core.harness.Harness;
import io.agentruns.core.harness.RunOutcome;
import io.agentruns.core.run.McpServerConfig;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Runs whose model calls tools of real MCP servers: a stdio process and HTTP servers (streamable and SSE). */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AgentHarnessMcpTest {
    static final String TOKEN = "tok-secret-value-987";
    static final String HEADER_SECRET = "hdr-secret-456";

    @TempDir
    Path tmp;
    ScriptedModelServer model;
    HttpMcpTestServer http;
    RecordingEventSink events = new RecordingEventSink();
    TestCancellation cancel = new TestCancellation();

    @BeforeEach
    void start() throws Exception {
        model = new ScriptedModelServer();
        http = new HttpMcpTestServer();
    }

    @AfterEach
    void stop() {
        model.close();
        http.close();
    }

    private RunOutcome run(Map<String, McpServerConfig> servers) throws Exception {
        Environment env = HarnessFixture.calcEnvironment(tmp);
        AgentHarness harness = HarnessFixture.harness(HarnessFixture.settings(tmp.resolve("data"), model));
        var run = HarnessFixture.run("use the tools", HarnessFixture.config("gpt-4.1", null, null, servers), env);
        try (Harness.PreparedRun prepared = harness.prepare(run, events, cancel)) {
            return prepared.execute(events, cancel);
        }
    }

    private static McpServerConfig stdio(boolean broken, Map<String, String> env) {
        List<String> argv = StdioMcpTestServer.commandLine(broken);
        return new McpServerConfig(argv.getFirst(), argv.subList(1, argv.size()), env, null, null, null);
    }

    @Test
    void modelCallsToolsOfStdioStreamableHttpAndSseServers() throws Exception {
        Map<String, McpServerConfig> servers = new LinkedHashMap<>();
        servers.put("local", stdio(false, Map.of("MCP_TOKEN", TOKEN)));
        servers.put("remote", new McpServerConfig(null, null, null, http.url("/mcp"),
                Map.of("Authorization", "Bearer " + HEADER_SECRET), null));
        servers.put("legacy", new McpServerConfig(null, null, null, http.url("/sse"), Map.of(), null));
        model.script(
                call("mcp__local__echo", Map.of("text", "hi")),
                call("mcp__remote__add", Map.of("a", 2, "b", 3)),
                call("mcp__legacy__echo", Map.of("text", "old")),
                call("mcp__local__secret", Map.of()),
                answer("done"));

        RunOutcome outcome = run(servers);

        assertThat(outcome).isInstanceOf(RunOutcome.Succeeded.class);
        assertThat(model.toolNames(0)).contains("mcp__local__echo", "mcp__local__secret", "mcp__remote__add",
                "mcp__remote__echo", "mcp__legacy__add", "mcp__legacy__echo", "shell");
        List<String> seen = model.toolResultsSeen();
        assertThat(seen.get(0)).isEqualTo("echo: hi");
        assertThat(seen.get(1)).isEqualTo("5");
        assertThat(seen.get(2)).isEqualTo("http echo: old");
        // the stdio server got its env (and not the service's provider key)
        assertThat(seen.get(3)).contains("my token is " + TOKEN).contains("OPENAI_API_KEY=null");
        assertThat(http.authorizations()).contains("Bearer " + HEADER_SECRET);
        assertThat(events.of(EventType.MCP_CALL)).extracting(d -> d.get("server") + "/" + d.get("tool"))
                .containsExactly("local/echo", "remote/add", "legacy/echo", "local/secret");
        assertThat(events.of(EventType.MCP_CALL).get(1)).containsEntry("result", "5");
        // invariant 8: MCP env and header values never appear in the transcript
        String transcript = events.asJson();
        assertThat(transcript).doesNotContain(TOKEN).doesNotContain(HEADER_SECRET).contains("my token is ***");
    }

    @Test
    void streamableHttpAnswersAsEventStreamsWork() throws Exception {
        http.answerWithEventStreams();
        model.script(call("mcp__remote__add", Map.of("a", 40, "b", 2)), answer("42"));

        RunOutcome outcome = run(Map.of("remote", new McpServerConfig(null, null, null, http.url("/mcp"), Map.of(), null)));

        assertThat(outcome).isInstanceOf(RunOutcome.Succeeded.class);
        assertThat(model.toolResultsSeen()).containsExactly("42");
    }

    @Test
    void brokenStdioServerFailsTheRunNamingIt() throws Exception {
        RunOutcome outcome = run(Map.of("flaky", stdio(true, Map.of())));

        assertThat(outcome).isInstanceOfSatisfying(RunOutcome.Failed.class, f -> {
            assertThat(f.status().errorCode()).isEqualTo(ErrorCode.ENVIRONMENT_SETUP_FAILED);
            assertThat(f.status().message()).contains("MCP server 'flaky'").contains("boom");
        });
        assertThat(model.requests()).isEmpty();
    }

    @Test
    void unreachableRemoteServerFailsTheRunNamingIt() throws Exception {
        RunOutcome outcome = run(Map.of("gone", new McpServerConfig(null, null, null, "http://127.0.0.1:1/mcp",
                Map.of(), null)));

        assertThat(outcome).isInstanceOfSatisfying(RunOutcome.Failed.class, f ->
                assertThat(f.status().message()).contains("MCP server 'gone'"));
    }
}
