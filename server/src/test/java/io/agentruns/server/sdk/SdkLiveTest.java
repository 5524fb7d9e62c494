package io.agentruns.server.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentruns.client.AgentrunsAsyncClient;
import io.agentruns.client.AgentrunsClient;
import io.agentruns.client.RawResponse;
import io.agentruns.client.errors.ApiException;
import io.agentruns.client.errors.AuthenticationException;
import io.agentruns.client.errors.BadRequestException;
import io.agentruns.client.errors.ConflictException;
import io.agentruns.client.errors.NotFoundException;
import io.agentruns.client.errors.PermissionDeniedException;
import io.agentruns.client.errors.UnprocessableEntityException;
import io.agentruns.client.types.AgentConfig;
import io.agentruns.client.types.ApiKey;
import io.agentruns.client.types.CloudEnvironment;
import io.agentruns.client.types.CreateApiKeyRequest;
import io.agentruns.client.types.EnvironmentRequest;
import io.agentruns.client.types.ListRunsParams;
import io.agentruns.client.types.McpServerConfig;
import io.agentruns.client.types.RepoSpec;
import io.agentruns.client.types.RunAgentRequest;
import io.agentruns.client.types.RunAgentResponse;
import io.agentruns.client.types.RunEvent;
import io.agentruns.client.types.RunItem;
import io.agentruns.client.types.RunSource;
import io.agentruns.client.types.RunState;
import io.agentruns.client.types.Webhook;
import io.agentruns.client.types.WebhookRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Java SDK against the real service for every endpoint, on a server booted with a fast scripted
 * harness. Each test works in its own new team. Guards "a retried create never makes two runs" end to end
 * ({@link #oneCreateThroughAFlakyProxyMakesExactlyOneRun}).
 */
class SdkLiveTest extends LiveServiceSupport {
    AgentrunsClient client;
    String teamKey;

    @BeforeEach
    void newTeam() {
        teamKey = newTeamKey();
        client = client(teamKey);
    }

    @Test
    void createGetWaitFollowAndReadEvents() {
        String name = "sdk-" + UUID.randomUUID();
        RunAgentResponse created = client.runs().create(RunAgentRequest.builder()
                .prompt("say hello\nsecond line").title("Hello run")
                .config(AgentConfig.builder().name(name)
                        .putMcpServer("gh", McpServerConfig.http("https://mcp.example/sse", Map.of("Authorization", "Bearer s3cret")))
                        .build())
                .build());
        assertThat(created.state()).isEqualTo(RunState.QUEUED);

        RunItem got = client.runs().get(created.runId());
        assertThat(got.runId()).isEqualTo(created.runId());
        assertThat(got.title()).isEqualTo("Hello run");
        assertThat(got.prompt()).isEqualTo("say hello\nsecond line");
        assertThat(got.source()).isEqualTo(RunSource.API);
        assertThat(got.agentConfig().name()).isEqualTo(name);
        assertThat(got.agentConfig().mcpServers().get("gh").headers()).containsEntry("Authorization", "***");
        assertThat(got.creator()).isNotNull();

        RunItem done = client.runs().waitForFinalState(created.runId(), Duration.ofMillis(100), Duration.ofSeconds(60));
        assertThat(done.state()).isEqualTo(RunState.SUCCEEDED);

        List<RunEvent> followed = new ArrayList<>();
        RunEvent last = client.runs().follow(created.runId(), 0, followed::add);
        assertThat(last.stateOrNull()).isEqualTo(RunState.SUCCEEDED);
        assertThat(followed).extracting(RunEvent::type).contains("state", "model.message", "command", "output");
        List<Long> seqs = followed.stream().map(RunEvent::seq).toList();
        for (int i = 0; i < seqs.size(); i++) {
            assertThat(seqs.get(i)).as("gap-free sequence").isEqualTo(i + 1L);
        }

        assertThat(client.runs().events(created.runId(), 0, null).events()).extracting(RunEvent::seq)
                .containsExactlyElementsOf(seqs);
        assertThat(client.runs().events(created.runId(), 2, 1).events()).extracting(RunEvent::seq).containsExactly(3L);

        // Resuming after seq 2 gives exactly the rest.
        List<RunEvent> resumed = new ArrayList<>();
        client.runs().follow(created.runId(), 2, resumed::add);
        assertThat(resumed).extracting(RunEvent::seq).containsExactlyElementsOf(seqs.subList(2, seqs.size()));
    }

    @Test
    void cancelStopsARunningRunAndAFinalRunIsAConflict() {
        String id = client.runs().create(RunAgentRequest.builder().prompt("block until cancelled").build()).runId();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (client.runs().get(id).state() != RunState.INPROGRESS && System.nanoTime() < deadline) {
            sleep(50);
        }

        assertThat(client.runs().cancel(id)).isEqualTo(id);
        assertThat(client.runs().waitForFinalState(id, Duration.ofMillis(100), Duration.ofSeconds(30)).state())
                .isEqualTo(RunState.CANCELLED);
        assertThatThrownBy(() -> client.runs().cancel(id))
                .isInstanceOfSatisfying(ConflictException.class, e -> assertThat(e.errorCode()).isEqualTo("conflict"));
    }

    @Test
    void failedRunCarriesItsStatusMessage() {
        String id = client.runs().create(RunAgentRequest.builder().prompt("please fail").build()).runId();
        RunItem run = client.async().runs().waitForFinalState(id, Duration.ofMillis(100), Duration.ofSeconds(60)).join();
        assertThat(run.state()).isEqualTo(RunState.FAILED);
        assertThat(run.statusMessage().message()).isEqualTo("asked to fail");
    }

    @Test
    void autoPaginationSeesEveryMatchingRunOnce() {
        String name = "page-" + UUID.randomUUID();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 7; i++) {
            ids.add(client.runs().create(RunAgentRequest.builder().prompt("run " + i)
                    .config(AgentConfig.builder().name(name).build()).build()).runId());
        }
        client.runs().create(RunAgentRequest.builder().prompt("other").build());

        ListRunsParams params = ListRunsParams.builder().name(name).limit(3).sortBy("created_at").build();
        List<String> seen = client.runs().stream(params).map(RunItem::runId).toList();
        assertThat(seen).hasSize(7).doesNotHaveDuplicates();
        assertThat(new HashSet<>(seen)).isEqualTo(ids);
        assertThat(client.runs().list(params).runs()).hasSize(3);

        List<String> async = new ArrayList<>();
        assertThat(client.async().runs().forEach(params, r -> async.add(r.runId())).join()).isEqualTo(7);
        assertThat(async).isEqualTo(seen);

        assertThat(client.runs().stream(ListRunsParams.builder().name(name).source(RunSource.CLI).build())).isEmpty();
    }

    @Test
    void oneCreateThroughAFlakyProxyMakesExactlyOneRun() throws Exception {
        String name = "flaky-" + UUID.randomUUID();
        try (FlakyProxy proxy = new FlakyProxy(port, "POST /api/v1/agent/runs", 2)) {
            AgentrunsClient flaky = new AgentrunsClient(options(teamKey).baseUrl(proxy.baseUrl()).maxRetries(3).build());

            RunAgentResponse created = flaky.runs().create(RunAgentRequest.builder().prompt("exactly once")
                    .config(AgentConfig.builder().name(name).build()).build());

            assertThat(proxy.lost()).isEqualTo(2);
            List<RunItem> runs = client.runs().stream(ListRunsParams.builder().name(name).build()).toList();
            assertThat(runs).extracting(RunItem::runId).containsExactly(created.runId());
        }
    }

    @Test
    void eventStreamCutInTheMiddleResumesWithoutDuplicatesOrGaps() throws Exception {
        String id = client.runs().create(RunAgentRequest.builder().prompt("stream me").build()).runId();
        client.runs().waitForFinalState(id, Duration.ofMillis(100), Duration.ofSeconds(60));
        long total = client.runs().events(id, 0, null).events().size();
        assertThat(total).isGreaterThanOrEqualTo(4);

        // The first stream breaks right before event 3; the SDK reconnects with Last-Event-ID: 2.
        try (FlakyProxy proxy = new FlakyProxy(port, "GET /api/v1/agent/runs/" + id + "/events/stream", 1, "id: 3\n")) {
            AgentrunsClient cut = new AgentrunsClient(options(teamKey).baseUrl(proxy.baseUrl()).build());
            List<Long> seqs;
            try (java.util.stream.Stream<RunEvent> events = cut.runs().streamEvents(id, 0)) {
                seqs = events.map(RunEvent::seq).toList();
            }
            assertThat(proxy.lost()).isEqualTo(1);
            assertThat(seqs).hasSize((int) total);
            for (int i = 0; i < seqs.size(); i++) {
                assertThat(seqs.get(i)).isEqualTo(i + 1L);
            }
        }
    }

    @Test
    void environmentsCrud() {
        CloudEnvironment env = client.environments().create(EnvironmentRequest.builder().name("py")
                .description("python").dockerImage("python:3.12")
                .repos(List.of(RepoSpec.of("https://github.com/o/r.git", "main")))
                .setupCommands(List.of("pip install -e .")).build());
        assertThat(env.uid()).isNotBlank();
        assertThat(env.repos()).extracting(RepoSpec::url).containsExactly("https://github.com/o/r.git");

        assertThat(client.environments().list()).extracting(CloudEnvironment::uid).contains(env.uid());
        assertThat(client.environments().get(env.uid()).dockerImage()).isEqualTo("python:3.12");

        CloudEnvironment updated = client.environments().update(env.uid(),
                env.toRequestBuilder().description("python 3.13").dockerImage("python:3.13").build());
        assertThat(updated.description()).isEqualTo("python 3.13");
        assertThat(client.environments().get(env.uid()).dockerImage()).isEqualTo("python:3.13");

        String runId = client.runs().create(RunAgentRequest.builder().prompt("in py")
                .config(AgentConfig.builder().environmentId(env.uid()).build()).build()).runId();
        assertThat(client.runs().get(runId).agentConfig().environmentId()).isEqualTo(env.uid());

        client.environments().delete(env.uid());
        assertThatThrownBy(() -> client.environments().get(env.uid())).isInstanceOf(NotFoundException.class);
    }

    @Test
    void keysCreateListRevoke() {
        ApiKey reader = client.keys().create(CreateApiKeyRequest.builder().name("reader")
                .scopes(List.of("runs:read")).build());
        assertThat(reader.key()).isNotBlank();
        assertThat(client.keys().list()).extracting(ApiKey::id).contains(reader.id());
        assertThat(client.keys().list()).allSatisfy(k -> assertThat(k.key()).isNull());

        AgentrunsClient readOnly = client(reader.key());
        assertThat(readOnly.runs().list(ListRunsParams.none()).runs()).isNotNull();
        assertThatThrownBy(() -> readOnly.runs().create(RunAgentRequest.builder().prompt("no").build()))
                .isInstanceOfSatisfying(PermissionDeniedException.class,
                        e -> assertThat(e.errorCode()).isEqualTo("not_authorized"));

        client.keys().revoke(reader.id());
        assertThatThrownBy(() -> readOnly.runs().list(ListRunsParams.none()))
                .isInstanceOfSatisfying(AuthenticationException.class,
                        e -> assertThat(e.errorCode()).isEqualTo("authentication_required"));
    }

    @Test
    void errorsAreTypedAndCarryTheProblem() {
        assertThatThrownBy(() -> client.runs().get(UUID.randomUUID().toString()))
                .isInstanceOfSatisfying(NotFoundException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo("resource_not_found");
                    assertThat(e.problem().status()).isEqualTo(404);
                    assertThat(e.problem().traceId()).isNotBlank();
                });
        assertThatThrownBy(() -> client.runs().create(RunAgentRequest.builder().prompt("  ").build()))
                .isInstanceOfSatisfying(BadRequestException.class,
                        e -> assertThat(e.problem().detail()).contains("prompt"));
        assertThatThrownBy(() -> client.runs().create(RunAgentRequest.builder().prompt("x")
                .config(AgentConfig.builder().environmentId(UUID.randomUUID().toString()).build()).build()))
                .isInstanceOfSatisfying(UnprocessableEntityException.class,
                        e -> assertThat(e.errorCode()).isEqualTo("resource_not_found"));
        assertThatThrownBy(() -> client.runs().list(ListRunsParams.builder().cursor("garbage").build()))
                .isInstanceOf(BadRequestException.class);
        assertThatThrownBy(() -> client("ar_unknown-key").runs().list(ListRunsParams.none()))
                .isInstanceOf(AuthenticationException.class);
    }

    @Test
    void skillsAndRawRequests() {
        assertThat(client.skills().list()).isNotNull();

        RawResponse raw = client.request("GET", "/agent/runs", new io.agentruns.client.types.QueryParams().add("limit", 1), null, null);
        assertThat(raw.status()).isEqualTo(200);
        assertThat(raw.json().has("runs")).isTrue();
        assertThatThrownBy(() -> client.request("GET", "/no/such/endpoint", null))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(404));
    }

    @Test
    void asyncClientHasTheSameSurface() {
        AgentrunsAsyncClient async = new AgentrunsAsyncClient(options(teamKey).build());
        String id = async.runs().create(RunAgentRequest.builder().prompt("async hello").build()).join().runId();
        assertThat(async.runs().get(id).join().runId()).isEqualTo(id);
        RunEvent last = async.runs().follow(id, 0, e -> { }).join();
        assertThat(last.stateOrNull()).isEqualTo(RunState.SUCCEEDED);
        assertThat(async.environments().list().join()).isNotEmpty();
    }

    @Test
    void webhooksCrud() {
        Webhook hook = client.webhooks().create(WebhookRequest.builder().url("http://127.0.0.1:9/hook")
                .eventTypes(List.of("run.state_changed")).build());
        assertThat(hook.id()).isNotBlank();
        assertThat(hook.secret()).as("shown once, at creation").isNotBlank();
        assertThat(client.webhooks().list()).extracting(Webhook::id).contains(hook.id());
        assertThat(client.webhooks().list()).allSatisfy(w -> assertThat(w.secret()).isNull());
        Webhook updated = client.webhooks().update(hook.id(), WebhookRequest.builder().url("http://127.0.0.1:9/other")
                .eventTypes(hook.eventTypes()).description("muted").enabled(false).build());
        assertThat(updated.url()).isEqualTo("http://127.0.0.1:9/other");
        assertThat(updated.enabled()).isFalse();
        assertThat(updated.description()).isEqualTo("muted");
        assertThat(client.webhooks().get(hook.id()).url()).isEqualTo("http://127.0.0.1:9/other");
        assertThat(client.webhooks().deliveries(hook.id())).isNotNull();
        client.webhooks().delete(hook.id());
        assertThatThrownBy(() -> client.webhooks().get(hook.id())).isInstanceOf(NotFoundException.class);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
