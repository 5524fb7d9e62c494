package io.agentruns.client;

import static io.agentruns.client.FailureInjectingServer.drop;
import static io.agentruns.client.FailureInjectingServer.problem;
import static io.agentruns.client.FailureInjectingServer.respond;
import static io.agentruns.client.FailureInjectingServer.stall;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.agentruns.client.errors.ApiConnectionException;
import io.agentruns.client.errors.ApiTimeoutException;
import io.agentruns.client.errors.BadRequestException;
import io.agentruns.client.errors.InternalServerException;
import io.agentruns.client.errors.RateLimitException;
import io.agentruns.client.types.RunAgentRequest;
import io.agentruns.client.types.RunAgentResponse;
import io.agentruns.client.types.RunState;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Retries against a server that injects failures: dropped connections, 503 with Retry-After, 429. Guards the
 * promise that one create call is one request identity (one Idempotency-Key across all its attempts).
 */
class RetryBehaviourTest {
    private static final String CREATED = "{\"run_id\":\"r-1\",\"state\":\"QUEUED\"}";

    private FailureInjectingServer server;
    private AgentrunsClient client;

    @BeforeEach
    void start() throws Exception {
        server = new FailureInjectingServer();
        client = new AgentrunsClient(options(3).build());
    }

    private ClientOptions.Builder options(int maxRetries) {
        return ClientOptions.builder().environment(Map.of()).baseUrl(server.baseUrl()).apiKey("ak_test")
                .maxRetries(maxRetries).initialRetryDelay(Duration.ofMillis(10)).maxRetryDelay(Duration.ofMillis(50))
                .timeout(Duration.ofSeconds(10));
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    @Test
    void createSurvivesDropped503And429WithOneIdempotencyKey() {
        server.then(drop())
                .then(problem(503, "resource_unavailable", "database down", "Retry-After", "1"))
                .then(problem(429, "rate_limited", "slow down", "retry-after-ms", "20"))
                .then(respond(201, CREATED));

        RunAgentResponse created = client.runs().create(RunAgentRequest.builder().prompt("fix it").build());

        assertThat(created.runId()).isEqualTo("r-1");
        assertThat(created.state()).isEqualTo(RunState.QUEUED);
        List<FailureInjectingServer.Recorded> seen = server.requests();
        assertThat(seen).hasSize(4);
        assertThat(seen).extracting(r -> r.method() + " " + r.target()).containsOnly("POST /api/v1/agent/runs");
        String key = seen.get(0).header("Idempotency-Key");
        assertThat(key).isNotBlank();
        assertThat(seen).extracting(r -> r.header("Idempotency-Key")).containsOnly(key);
        assertThat(seen).extracting(FailureInjectingServer.Recorded::body).containsOnly("{\"prompt\":\"fix it\"}");
        assertThat(seen).extracting(r -> r.header("Authorization")).containsOnly("Bearer ak_test");
        assertThat(seen).extracting(r -> r.header("X-Agentruns-Retry-Count")).containsExactly(null, "1", "2", "3");
    }

    @Test
    void twoCreatesHaveTwoKeysAndAGivenKeyIsUsedAsIs() {
        server.otherwise(r -> respond(201, CREATED));
        client.runs().create(RunAgentRequest.builder().prompt("a").build());
        client.runs().create(RunAgentRequest.builder().prompt("a").build());
        client.runs().create(RunAgentRequest.builder().prompt("a").build(),
                RequestOptions.builder().idempotencyKey("mine-1").build());

        List<String> keys = server.requests().stream().map(r -> r.header("Idempotency-Key")).toList();
        assertThat(keys.get(0)).isNotEqualTo(keys.get(1));
        assertThat(keys.get(2)).isEqualTo("mine-1");
    }

    @Test
    void retriedCreateAgainstAnIdempotentServerMakesOneRun() {
        // The server processes the first attempt but the connection drops before the answer: the retry
        // carries the same key, so an idempotent server answers the original run instead of a second one.
        java.util.Set<String> runsByKey = java.util.concurrent.ConcurrentHashMap.newKeySet();
        server.then(r -> {
                    runsByKey.add(r.header("Idempotency-Key"));
                    return drop();
                })
                .otherwise(r -> {
                    boolean replay = !runsByKey.add(r.header("Idempotency-Key"));
                    return respond(replay ? 200 : 201, CREATED, "Idempotent-Replayed", Boolean.toString(replay));
                });

        client.runs().create(RunAgentRequest.builder().prompt("once").build());

        assertThat(server.requests()).hasSize(2);
        assertThat(runsByKey).hasSize(1);
    }

    @Test
    void givesUpAfterMaxRetriesWithTheProblemBody() {
        server.otherwise(r -> problem(503, "resource_unavailable", "database down", "Retry-After", "0"));

        InternalServerException e = catchThrowableOfType(InternalServerException.class,
                () -> client.runs().get("r-1"));

        assertThat(server.requests()).hasSize(4);
        assertThat(e.status()).isEqualTo(503);
        assertThat(e.errorCode()).isEqualTo("resource_unavailable");
        assertThat(e.problem().detail()).isEqualTo("database down");
        assertThat(e.problem().traceId()).isEqualTo("tr-1");
    }

    @Test
    void perRequestMaxRetriesOverridesTheClient() {
        server.otherwise(r -> problem(429, "rate_limited", "slow down"));

        assertThatThrownBy(() -> client.runs().get("r-1", RequestOptions.builder().maxRetries(0).build()))
                .isInstanceOf(RateLimitException.class);
        assertThat(server.requests()).hasSize(1);

        AgentrunsClient noRetries = new AgentrunsClient(options(0).build());
        assertThatThrownBy(() -> noRetries.runs().get("r-1")).isInstanceOf(RateLimitException.class);
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void retries408And409AndNotOther4xx() {
        server.then(problem(408, "timeout", "t")).then(problem(409, "conflict", "busy"))
                .then(respond(200, "{\"run_id\":\"r-1\",\"title\":\"t\",\"state\":\"INPROGRESS\"}"))
                .then(problem(400, "invalid_request", "prompt must not be blank"));

        assertThat(client.runs().get("r-1").state()).isEqualTo(RunState.INPROGRESS);
        assertThat(server.requests()).hasSize(3);

        BadRequestException bad = catchThrowableOfType(BadRequestException.class,
                () -> client.runs().create(RunAgentRequest.builder().prompt(" ").build()));
        assertThat(bad.problem().summary()).isEqualTo("prompt must not be blank");
        assertThat(server.requests()).hasSize(4);
    }

    @Test
    void serverCanForbidARetry() {
        server.otherwise(r -> problem(503, "x", "no", "x-should-retry", "false"));
        assertThatThrownBy(() -> client.runs().get("r-1")).isInstanceOf(InternalServerException.class);
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void connectionRefusedBecomesAConnectionErrorAfterRetries() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        AgentrunsClient refused = new AgentrunsClient(options(2).baseUrl("http://127.0.0.1:" + closedPort).build());

        assertThatThrownBy(() -> refused.runs().get("r-1"))
                .isInstanceOf(ApiConnectionException.class)
                .isNotInstanceOf(ApiTimeoutException.class);
    }

    @Test
    void aStalledAnswerTimesOutPerRequest() {
        server.otherwise(r -> stall());

        assertThatThrownBy(() -> client.runs().get("r-1",
                RequestOptions.builder().timeout(Duration.ofMillis(200)).maxRetries(1).build()))
                .isInstanceOf(ApiTimeoutException.class);
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void asyncClientRetriesTheSameWay() {
        server.then(drop()).then(problem(502, "internal_error", "bad gateway")).then(respond(201, CREATED));
        AgentrunsAsyncClient async = new AgentrunsAsyncClient(options(3).build());

        RunAgentResponse created = async.runs().create(RunAgentRequest.builder().prompt("p").build()).join();

        assertThat(created.runId()).isEqualTo("r-1");
        assertThat(server.requests()).extracting(r -> r.header("Idempotency-Key")).hasSize(3).doesNotContainNull()
                .containsOnly(server.requests().get(0).header("Idempotency-Key"));

        server.otherwise(r -> problem(400, "invalid_request", "bad"));
        assertThatThrownBy(() -> async.runs().get("x").join())
                .isInstanceOf(CompletionException.class).hasCauseInstanceOf(BadRequestException.class);
    }
}
