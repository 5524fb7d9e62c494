package io.agentruns.server.pages;

import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.event.EventType;
import io.agentruns.core.event.RunEvent;
import io.agentruns.core.identity.Principal;
import io.agentruns.core.identity.PrincipalType;
import io.agentruns.core.run.AgentConfig;
import io.agentruns.core.run.McpServerConfig;
import io.agentruns.core.run.Run;
import io.agentruns.core.run.RunSource;
import io.agentruns.core.run.RunState;
import io.agentruns.core.run.StatusMessage;
import io.agentruns.core.run.Usage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Domain records of a realistic run for rendering tests (no storage involved). */
final class SampleRuns {
    static final String SCRIPT = "<script>document.title='pwned'</script><img src=x onerror=\"document.title='pwned'\">";
    static final Instant T0 = Instant.parse("2026-11-22T06:00:00.123Z");

    private SampleRuns() {
    }

    static Run run(RunState state, String output, StatusMessage status) {
        UUID team = UUID.randomUUID();
        AgentConfig config = new AgentConfig("fixer", "claude-sonnet-4", null, "env-1", null,
                Map.of("github", new McpServerConfig("npx", List.of("-y", "gh-mcp"), Map.of("GITHUB_TOKEN", "ghp_SECRET_VALUE"),
                        null, null, null)), null, null, null);
        return new Run(UUID.randomUUID(), team, "Fix the flaky <b>test</b>", "Please fix the flaky test in\nFooTest.java",
                state, T0, T0.plusSeconds(42), T0.plusSeconds(1), state.isFinal() ? T0.plusSeconds(42) : null,
                "0123456789abcdef0123456789abcdef", config, status, RunSource.API,
                new Principal(UUID.randomUUID(), team, PrincipalType.USER, "Ada Lovelace", null), false,
                new Usage(1200, 340, 0.01, 0), List.of(), null, null, output, null, null, 3);
    }

    static List<RunEvent> events(UUID runId, boolean finished) {
        List<RunEvent> list = new ArrayList<>();
        add(list, runId, EventType.STATE, Map.of("state", "QUEUED"));
        add(list, runId, EventType.STATE, Map.of("state", "INPROGRESS"));
        add(list, runId, EventType.ENVIRONMENT_STEP, map("step", "clone", "command", "git clone https://example.com/repo.git",
                "exit_code", 0, "duration_ms", 812, "output", "Cloning into 'repo'..."));
        add(list, runId, EventType.MODEL_MESSAGE, map("role", "assistant", "text",
                "I will look at **FooTest** first.\n\n" + SCRIPT + "\n\n- run the tests\n- fix `sleep()`"));
        add(list, runId, EventType.COMMAND, map("command", "mvn -q test -Dtest=FooTest", "exit_code", 1, "duration_ms", 15320,
                "output", "[ERROR] FooTest.flaky:42 expected <true> but was <false>\n" + SCRIPT, "truncated", false));
        add(list, runId, EventType.TOOL_CALL, map("call_id", "c1", "tool", "read_file", "arguments", Map.of("path", "src/FooTest.java")));
        add(list, runId, EventType.TOOL_RESULT, map("call_id", "c1", "tool", "read_file", "result", "class FooTest {}", "is_error", false));
        add(list, runId, EventType.FILE_CHANGE, map("path", "src/test/java/FooTest.java", "diff",
                "--- a/src/test/java/FooTest.java\n+++ b/src/test/java/FooTest.java\n@@ -40,3 +40,3 @@\n-    Thread.sleep(10);\n+    await().until(done::get);\n     assertTrue(done.get());"));
        add(list, runId, EventType.MCP_CALL, map("server", "github", "tool", "create_pull_request",
                "arguments", Map.of("title", "Fix flaky FooTest"), "result", Map.of("number", 17)));
        add(list, runId, EventType.ERROR, map("message", "rate limited by the model provider, retrying", "error_code", "resource_unavailable"));
        if (finished) {
            add(list, runId, EventType.OUTPUT, map("text", "Fixed the flaky test. " + SCRIPT));
            add(list, runId, EventType.STATE, Map.of("state", "SUCCEEDED"));
        }
        return list;
    }

    static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private static void add(List<RunEvent> list, UUID runId, EventType type, Map<String, Object> data) {
        list.add(new RunEvent(runId, list.size() + 1, type, T0.plusSeconds(list.size()), data));
    }
}
