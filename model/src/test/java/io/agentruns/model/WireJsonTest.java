package io.agentruns.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WireJsonTest {

    @Test
    void runItemUsesSnakeCaseRfc3339AndOmitsNulls() {
        RunItem item = new RunItem("r1", "r1", "t", "p", "QUEUED", Instant.parse("2026-11-22T10:15:30.123Z"),
                Instant.parse("2026-11-22T10:15:30.123Z"), null, null, null,
                new AmbientAgentConfig("n", "m", null, "e", null,
                        Map.of("s", new MCPServerConfig(null, null, null, "http://x", Map.of("A", "***"), null)),
                        null, null, null),
                null, "API", new UserProfile("u", "Ada", "user", null), new Scope("User", "u"),
                new RequestUsage(0.0, 0.0, 1L, 2L), List.of(), null, null);
        String json = WireJson.mapper().writeValueAsString(item);
        assertThat(json).contains("\"run_id\":\"r1\"", "\"task_id\":\"r1\"", "\"created_at\":\"2026-11-22T10:15:30.123Z\"",
                "\"agent_config\":{", "\"model_id\":\"m\"", "\"mcp_servers\":{\"s\":{\"url\":\"http://x\",\"headers\":{\"A\":\"***\"}}}",
                "\"display_name\":\"Ada\"", "\"request_usage\":{");
        assertThat(json).doesNotContain("null", "started_at", "session_link");
    }

    @Test
    void readsRequestsAndIgnoresUnknownFields() {
        RunAgentRequest req = WireJson.mapper().readValue(
                "{\"prompt\":\"hi\",\"future\":1,\"config\":{\"model_id\":\"m\",\"mcp_servers\":{\"a\":{\"warp_id\":\"w\"}}}}",
                RunAgentRequest.class);
        assertThat(req.prompt()).isEqualTo("hi");
        assertThat(req.config().modelId()).isEqualTo("m");
        assertThat(req.config().mcpServers().get("a").warpId()).isEqualTo("w");
    }

    @Test
    void pageInfoOmitsCursorOnLastPage() {
        assertThat(WireJson.mapper().writeValueAsString(new PageInfo(false, null))).isEqualTo("{\"has_next_page\":false}");
    }
}
