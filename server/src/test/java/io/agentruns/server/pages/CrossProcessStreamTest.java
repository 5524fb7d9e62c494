package io.agentruns.server.pages;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.model.WireJson;
import io.agentruns.server.Http;
import io.agentruns.store.testing.PostgresTestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * A run executed by a worker in ANOTHER process streams live through this API node on PostgreSQL.
 * The stream's fallback poll is set to a minute, so every event arriving within the test's time
 * came through LISTEN/NOTIFY (V31 trigger) rather than a poll.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"agentruns.stream-poll-interval=60s", "agentruns.stream-heartbeat=60s"})
@DirtiesContext
class CrossProcessStreamTest extends PagesTestSupport {
    private static PostgresTestDatabase database;

    @BeforeAll
    static void createDatabase() {
        database = PostgresTestDatabase.create();
    }

    @DynamicPropertySource
    static void db(DynamicPropertyRegistry registry) {
        registry.add("agentruns.database-url", () -> database.jdbcUrl());
    }

    @AfterAll
    static void dropDatabase() {
        if (database != null) {
            database.close();
        }
    }

    @Test
    void eventsWrittenByAWorkerInAnotherProcessStreamLive() throws Exception {
        Team team = newTeam();
        String host = "external-" + UUID.randomUUID();
        Http.Response created = team.http().post("/api/v1/agent/run",
                Map.of("prompt", "cross-process", "config", Map.of("worker_host", host, "model_id", "test-model")));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        String runId = created.json().get("run_id").stringValue();

        try (SseClient sse = new SseClient("http://127.0.0.1:" + port + "/api/v1/agent/runs/" + runId + "/events/stream",
                team.auth())) {
            assertThat(sse.status()).isEqualTo(200);
            SseClient.Frame queued = sse.nextEvent(); // seq 1, written by the API at creation
            assertThat(queued.id()).isEqualTo("1");

            Path log = Files.createTempFile("external-worker", ".log");
            String java = ProcessHandle.current().info().command().orElse(System.getProperty("java.home") + "/bin/java");
            Process worker = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    ExternalWorkerProcess.class.getName(), database.jdbcUrl(), host, "5")
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            try {
                List<Long> seqs = new ArrayList<>(List.of(1L));
                List<String> texts = new ArrayList<>();
                String lastState = null;
                SseClient.Frame f;
                while ((f = sse.nextEvent()) != null) {
                    JsonNode e = WireJson.mapper().readTree(f.data());
                    seqs.add(e.get("seq").longValue());
                    if (e.get("type").stringValue().equals("model.message")) {
                        texts.add(e.get("data").get("text").stringValue());
                    }
                    if (e.get("type").stringValue().equals("state")) {
                        lastState = e.get("data").get("state").stringValue();
                    }
                }
                assertThat(worker.waitFor(60, TimeUnit.SECONDS)).isTrue();
                assertThat(worker.exitValue()).as(Files.readString(log)).isZero();
                assertThat(seqs).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L);
                assertThat(texts).containsExactly("from another process 1", "from another process 2",
                        "from another process 3", "from another process 4", "from another process 5");
                assertThat(lastState).isEqualTo("SUCCEEDED");
            } finally {
                worker.destroyForcibly();
            }
        }
    }
}
