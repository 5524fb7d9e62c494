package io.agentruns.server.execution;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.server.Http;
import io.agentruns.store.Database;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Run execution through the HTTP API with the embedded worker and the {@link TestHarness}:
 * exactly-once execution, cancel of QUEUED and INPROGRESS runs, the events endpoint, tenancy.
 * Subclasses pick the database.
 */
@Timeout(120)
abstract class ExecutionContract {
    static final String ADMIN_KEY = "ar_test-execution-admin-key-0123456789";
    private static final Path DATA_DIR = tempDir();

    @LocalServerPort
    int port;

    @Autowired
    Database database;

    @DynamicPropertySource
    static void executionProperties(DynamicPropertyRegistry registry) {
        registry.add("agentruns.data-dir", DATA_DIR::toString);
        registry.add("agentruns.bootstrap-api-key", () -> ADMIN_KEY);
        registry.add("agentruns.test-harness.enabled", () -> "true");
        registry.add("agentruns.test-harness.sleep-millis", () -> "20");
        registry.add("agentruns.lease-seconds", () -> "3");
        registry.add("agentruns.worker.concurrency", () -> "4");
        registry.add("agentruns.worker.drain-seconds", () -> "1");
    }

    private static Path tempDir() {
        try {
            return java.nio.file.Files.createTempDirectory("agentruns-exec-test");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @org.junit.jupiter.api.BeforeEach
    void executionsTable() {
        database.jdbc().sql(TestHarness.TABLE_DDL).update();
    }

    Http newTeam() {
        Http admin = new Http(port, ADMIN_KEY);
        Http.Response r = admin.post("/api/v1/admin/teams", "{\"name\":\"team-" + UUID.randomUUID() + "\"}");
        assertThat(r.status()).as(r.toString()).isEqualTo(201);
        return admin.withKey(r.json().get("admin_key").get("key").stringValue());
    }

    static String create(Http http, String prompt, String workerHost) {
        String config = workerHost == null ? "" : ",\"config\":{\"worker_host\":\"" + workerHost + "\"}";
        Http.Response r = http.post("/api/v1/agent/run", "{\"prompt\":\"" + prompt + "\"" + config + "}");
        assertThat(r.status()).as(r.toString()).isEqualTo(201);
        return r.json().get("run_id").stringValue();
    }

    static JsonNode get(Http http, String runId) {
        Http.Response r = http.get("/api/v1/agent/runs/" + runId);
        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        return r.json();
    }

    static String state(Http http, String runId) {
        return get(http, runId).get("state").stringValue();
    }

    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    long executions(String runId) {
        return database.jdbc().sql("SELECT COUNT(*) FROM test_harness_executions WHERE run_id = ?").params(runId)
                .query(Long.class).single();
    }

    @Test
    void everyRunIsExecutedExactlyOnceAndSucceeds() throws Exception {
        Http team = newTeam();
        List<String> runs = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            runs.add(create(team, "task " + i, null));
        }
        await("all runs SUCCEEDED", () -> runs.stream().allMatch(id -> state(team, id).equals("SUCCEEDED")));
        for (String id : runs) {
            assertThat(executions(id)).as(id).isEqualTo(1);
            JsonNode run = get(team, id);
            assertThat(run.has("started_at") || run.has("session_id")).isTrue();
        }
    }

    @Test
    void cancelOfQueuedRunEndsItAtOnceAndAnswersTheRunId() {
        Http team = newTeam();
        String id = create(team, "never picked", "no-such-pool"); // routed to a pool without workers

        Http.Response r = team.post("/api/v1/agent/runs/" + id + "/cancel", "");

        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        assertThat(r.json().isString()).isTrue();
        assertThat(r.json().stringValue()).isEqualTo(id);
        assertThat(state(team, id)).isEqualTo("CANCELLED");
        assertThat(executions(id)).isZero();
    }

    @Test
    void cancelOfFinalRunIsConflictAndOfAnotherTeamsRunIsNotFound() {
        Http team = newTeam();
        Http other = newTeam();
        String id = create(team, "x", "no-such-pool");
        assertThat(other.post("/api/v1/agent/runs/" + id + "/cancel", "").status()).isEqualTo(404);
        assertThat(state(team, id)).isEqualTo("QUEUED");
        assertThat(team.post("/api/v1/agent/runs/" + id + "/cancel", "").status()).isEqualTo(200);

        Http.Response again = team.post("/api/v1/agent/runs/" + id + "/cancel", "");
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.json().get("error_code").stringValue()).isEqualTo("conflict");
        assertThat(team.post("/api/v1/agent/runs/" + UUID.randomUUID() + "/cancel", "").status()).isEqualTo(404);
        assertThat(team.post("/api/v1/agent/runs/not-a-uuid/cancel", "").status()).isEqualTo(404);
    }

    @Test
    void cancelOfInProgressRunStopsItsHarnessAndEndsCancelled() throws Exception {
        Http team = newTeam();
        String id = create(team, "block until cancelled", null);
        await("run INPROGRESS and started", () -> executions(id) == 1 && state(team, id).equals("INPROGRESS"));

        Http.Response r = team.post("/api/v1/agent/runs/" + id + "/cancel", "");

        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        await("run CANCELLED", () -> state(team, id).equals("CANCELLED"));
        assertThat(executions(id)).isEqualTo(1);
    }

    @Test
    void failingHarnessEndsFailedWithStatusMessage() throws Exception {
        Http team = newTeam();
        String id = create(team, "fail please", null);
        await("run FAILED", () -> state(team, id).equals("FAILED"));
        JsonNode status = get(team, id).get("status_message");
        assertThat(status.get("error_code").stringValue()).isEqualTo("internal_error");
    }

    @Test
    void eventsArePagedInSeqOrderAndTenantScoped() throws Exception {
        Http team = newTeam();
        String id = create(team, "quick", null);
        await("run SUCCEEDED", () -> state(team, id).equals("SUCCEEDED"));

        Http.Response all = team.get("/api/v1/agent/runs/" + id + "/events");
        assertThat(all.status()).as(all.toString()).isEqualTo(200);
        List<String> types = new ArrayList<>();
        List<Long> seqs = new ArrayList<>();
        all.json().get("events").forEach(e -> {
            types.add(e.get("type").stringValue());
            seqs.add(e.get("seq").longValue());
        });
        assertThat(types).containsExactly("state", "state", "model.message", "output", "state");
        assertThat(seqs).containsExactly(1L, 2L, 3L, 4L, 5L);
        assertThat(all.json().get("has_more").booleanValue()).isFalse();

        Http.Response page = team.get("/api/v1/agent/runs/" + id + "/events?after=1&limit=2");
        assertThat(page.json().get("events")).hasSize(2);
        assertThat(page.json().get("events").get(0).get("seq").longValue()).isEqualTo(2);
        assertThat(page.json().get("has_more").booleanValue()).isTrue();
        assertThat(page.json().get("next_after").longValue()).isEqualTo(3);
        assertThat(all.json().get("events").get(4).get("data").get("state").stringValue()).isEqualTo("SUCCEEDED");

        assertThat(newTeam().get("/api/v1/agent/runs/" + id + "/events").status()).isEqualTo(404);
        assertThat(team.get("/api/v1/agent/runs/" + id + "/events?limit=0").status()).isEqualTo(400);
        assertThat(team.get("/api/v1/agent/runs/" + id + "/events?after=x").status()).isEqualTo(400);
    }
}
