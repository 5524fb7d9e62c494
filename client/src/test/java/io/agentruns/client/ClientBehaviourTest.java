package io.agentruns.client;

import static io.agentruns.client.FailureInjectingServer.problem;
import static io.agentruns.client.FailureInjectingServer.respond;
import static io.agentruns.client.FailureInjectingServer.stream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentruns.client.errors.ApiException;
import io.agentruns.client.errors.AuthenticationException;
import io.agentruns.client.errors.BadRequestException;
import io.agentruns.client.errors.ConflictException;
import io.agentruns.client.errors.InternalServerException;
import io.agentruns.client.errors.NotFoundException;
import io.agentruns.client.errors.PermissionDeniedException;
import io.agentruns.client.errors.RateLimitException;
import io.agentruns.client.errors.UnprocessableEntityException;
import io.agentruns.client.types.ListRunsParams;
import io.agentruns.client.types.QueryParams;
import io.agentruns.client.types.RunEvent;
import io.agentruns.client.types.RunItem;
import io.agentruns.client.types.RunSource;
import io.agentruns.client.types.RunState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Error mapping, tolerant reading, pagination, event following and configuration, against a scripted server. */
class ClientBehaviourTest {
    private FailureInjectingServer server;
    private AgentrunsClient client;

    @BeforeEach
    void start() throws Exception {
        server = new FailureInjectingServer();
        client = new AgentrunsClient(ClientOptions.builder().environment(Map.of()).baseUrl(server.baseUrl())
                .apiKey("k").maxRetries(2).initialRetryDelay(Duration.ofMillis(5))
                .maxRetryDelay(Duration.ofMillis(20)).build());
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    @Test
    void everyStatusHasItsExceptionCarryingTheProblem() {
        Map<Integer, Class<? extends ApiException>> expected = Map.of(
                400, BadRequestException.class, 401, AuthenticationException.class,
                403, PermissionDeniedException.class, 404, NotFoundException.class,
                409, ConflictException.class, 422, UnprocessableEntityException.class,
                429, RateLimitException.class, 500, InternalServerException.class,
                413, ApiException.class);
        expected.forEach((status, type) -> {
            server.otherwise(r -> problem(status, "code_" + status, "detail " + status));
            assertThatThrownBy(() -> client.runs().get("r", RequestOptions.builder().maxRetries(0).build()))
                    .isExactlyInstanceOf(type)
                    .satisfies(e -> {
                        ApiException api = (ApiException) e;
                        assertThat(api.status()).isEqualTo(status);
                        assertThat(api.errorCode()).isEqualTo("code_" + status);
                        assertThat(api.problem().detail()).isEqualTo("detail " + status);
                        assertThat(api.getMessage()).contains("detail " + status);
                    });
        });
    }

    @Test
    void aNonJsonErrorBodyBecomesTheDetail() {
        server.otherwise(r -> respond(404, "not here"));
        assertThatThrownBy(() -> client.runs().get("r"))
                .isInstanceOfSatisfying(NotFoundException.class,
                        e -> assertThat(e.problem().summary()).isEqualTo("not here"));
    }

    @Test
    void unknownFieldsAndEnumValuesAreKept() {
        server.otherwise(r -> respond(200, """
                {"run_id":"r-1","task_id":"r-1","title":"t","prompt":"p","state":"HIBERNATING",
                 "created_at":"2026-11-22T10:15:30.123Z","updated_at":"2026-11-22T10:15:31Z",
                 "source":"SPACESHIP","future_field":{"a":[1,2]},
                 "agent_config":{"name":"n","model_id":"m","brand_new":true,
                   "mcp_servers":{"gh":{"url":"http://x","headers":{"Authorization":"***"},"timeout_s":5}}},
                 "status_message":{"message":"m","error_code":"internal_error","retryable":true,"hint":"h"}}
                """));

        RunItem run = client.runs().get("r-1");

        assertThat(run.state()).isEqualTo(RunState.UNKNOWN);
        assertThat(run.source()).isEqualTo(RunSource.UNKNOWN);
        assertThat(run.createdAt()).isEqualTo(Instant.parse("2026-11-22T10:15:30.123Z"));
        assertThat(run.extra()).containsKey("future_field");
        assertThat(run.agentConfig().extra()).containsEntry("brand_new", true);
        assertThat(run.agentConfig().mcpServers().get("gh").extra()).containsEntry("timeout_s", 5);
        assertThat(run.statusMessage().extra()).containsEntry("hint", "h");
        assertThat(server.requests().get(0).target()).isEqualTo("/api/v1/agent/runs/r-1");
    }

    @Test
    void autoPaginationFollowsCursorsWithTheSameFilters() {
        server.then(respond(200, page(List.of("a", "b"), "c1")))
                .then(respond(200, page(List.of("c", "d"), "c2")))
                .then(respond(200, page(List.of("e"), null)));

        ListRunsParams params = ListRunsParams.builder().state(RunState.QUEUED).state(RunState.FAILED)
                .name("nightly").source(RunSource.CLI).createdAfter(Instant.parse("2026-01-01T00:00:00Z"))
                .sortBy("created_at").sortOrder("asc").limit(2).build();
        List<String> ids = client.runs().stream(params).map(RunItem::runId).toList();

        assertThat(ids).containsExactly("a", "b", "c", "d", "e");
        List<String> targets = server.requests().stream().map(FailureInjectingServer.Recorded::target).toList();
        String filters = "state=QUEUED&state=FAILED&name=nightly&source=CLI&created_after=2026-01-01T00%3A00%3A00Z"
                + "&sort_by=created_at&sort_order=asc&limit=2";
        assertThat(targets).containsExactly("/api/v1/agent/runs?" + filters,
                "/api/v1/agent/runs?" + filters + "&cursor=c1", "/api/v1/agent/runs?" + filters + "&cursor=c2");
    }

    @Test
    void asyncForEachVisitsEveryPage() {
        server.then(respond(200, page(List.of("a"), "c1"))).then(respond(200, page(List.of("b"), null)));
        List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        long n = client.async().runs().forEach(ListRunsParams.none(), r -> seen.add(r.runId())).join();
        assertThat(n).isEqualTo(2);
        assertThat(seen).containsExactly("a", "b");
    }

    @Test
    void eventStreamResumesWithLastEventIdWithoutDuplicatesOrGaps() {
        server.then(stream(": hello", "id: 1", "event: state", "data: {\"seq\":1,\"type\":\"state\",\"data\":{\"state\":\"QUEUED\"}}", "",
                        "id: 2", "event: model.message", "data: {\"seq\":2,\"type\":\"model.message\",\"data\":{\"text\":\"hi\"}}", ""))
                // after the drop the server replays from Last-Event-ID; an event already seen is skipped
                .then(r -> stream("id: 2", "data: {\"seq\":2,\"type\":\"model.message\",\"data\":{\"text\":\"hi\"}}", "",
                        "id: 3", "event: state", "data: {\"state\":\"SUCCEEDED\"}", "",
                        "id: 4", "data: {\"seq\":4,\"type\":\"never\"}", ""));

        List<RunEvent> events;
        try (Stream<RunEvent> s = client.runs().streamEvents("r-1", 0)) {
            events = s.toList();
        }

        assertThat(events).extracting(RunEvent::seq).containsExactly(1L, 2L, 3L);
        assertThat(events.get(2).type()).isEqualTo("state");
        assertThat(events.get(2).isFinalState()).isTrue();
        List<FailureInjectingServer.Recorded> seen = server.requests();
        assertThat(seen).hasSize(2);
        assertThat(seen.get(0).target()).isEqualTo("/api/v1/agent/runs/r-1/events/stream");
        assertThat(seen.get(0).header("Last-Event-ID")).isNull();
        assertThat(seen.get(1).header("Last-Event-ID")).isEqualTo("2");
        assertThat(seen.get(1).header("Accept")).isEqualTo("text/event-stream");
    }

    @Test
    void withoutAStreamEndpointFollowingPollsTheEventsEndpoint() {
        server.then(problem(404, "resource_not_found", "no route"))
                .then(respond(200, "{\"run_id\":\"r-1\",\"state\":\"INPROGRESS\"}"))
                .then(respond(200, "{\"events\":[{\"seq\":1,\"type\":\"state\",\"data\":{\"state\":\"QUEUED\"}},"
                        + "{\"seq\":2,\"type\":\"state\",\"data\":{\"state\":\"INPROGRESS\"}}]}"))
                .then(respond(200, "{\"events\":[{\"seq\":3,\"type\":\"output\",\"data\":{\"text\":\"done\"}},"
                        + "{\"seq\":4,\"type\":\"state\",\"data\":{\"state\":\"FAILED\"}}]}"));

        List<String> types = new java.util.ArrayList<>();
        RunEvent last = client.runs().follow("r-1", 0, e -> types.add(e.type()));

        assertThat(types).containsExactly("state", "state", "output", "state");
        assertThat(last.stateOrNull()).isEqualTo(RunState.FAILED);
        assertThat(server.requests().get(3).target()).isEqualTo("/api/v1/agent/runs/r-1/events?after=2&limit=100");
    }

    @Test
    void waitForFinalStatePolls() {
        server.then(respond(200, "{\"run_id\":\"r\",\"state\":\"QUEUED\"}"))
                .then(respond(200, "{\"run_id\":\"r\",\"state\":\"INPROGRESS\"}"))
                .then(respond(200, "{\"run_id\":\"r\",\"state\":\"CANCELLED\"}"));
        RunItem done = client.runs().waitForFinalState("r", Duration.ofMillis(10), Duration.ofMinutes(1));
        assertThat(done.state()).isEqualTo(RunState.CANCELLED);
        assertThat(server.requests()).hasSize(3);
    }

    @Test
    void rawRequestReachesAnyPathAndKeepsErrorsTyped() {
        server.then(respond(200, "{\"anything\":[1,2,3]}")).then(problem(404, "resource_not_found", "nope"));
        RawResponse r = client.request("GET", "/agent/runs/r/artifacts", new QueryParams().add("x", "1 2"), null, null);
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().get("anything").size()).isEqualTo(3);
        assertThat(server.requests().get(0).target()).isEqualTo("/api/v1/agent/runs/r/artifacts?x=1+2");
        assertThatThrownBy(() -> client.request("DELETE", "things/1", null)).isInstanceOf(NotFoundException.class);
    }

    @Test
    void configurationComesFromArgumentsOrTheEnvironment() {
        ClientOptions fromEnv = ClientOptions.builder()
                .environment(Map.of("AGENTRUNS_BASE_URL", "http://h:9/", "AGENTRUNS_API_KEY", "ak_env")).build();
        assertThat(fromEnv.baseUrl()).hasToString("http://h:9/api/v1");
        assertThat(fromEnv.apiKey()).isEqualTo("ak_env");

        ClientOptions explicit = ClientOptions.builder()
                .environment(Map.of("AGENTRUNS_BASE_URL", "http://h:9", "AGENTRUNS_API_KEY", "ak_env"))
                .baseUrl("https://svc.example/api/v1").apiKey("ak_arg").build();
        assertThat(explicit.baseUrl()).hasToString("https://svc.example/api/v1");
        assertThat(explicit.apiKey()).isEqualTo("ak_arg");

        assertThat(ClientOptions.builder().environment(Map.of()).build().baseUrl())
                .hasToString("http://localhost:8080/api/v1");
    }

    private static String page(List<String> ids, String next) {
        StringBuilder sb = new StringBuilder("{\"runs\":[");
        for (int i = 0; i < ids.size(); i++) {
            sb.append(i == 0 ? "" : ",").append("{\"run_id\":\"").append(ids.get(i)).append("\",\"state\":\"QUEUED\"}");
        }
        sb.append("],\"page_info\":{\"has_next_page\":").append(next != null);
        if (next != null) {
            sb.append(",\"next_cursor\":\"").append(next).append('"');
        }
        return sb.append("}}").toString();
    }
}
