package io.agentruns.server.pages;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.core.engine.Lease;
import io.agentruns.core.engine.RunQueue;
import io.agentruns.core.event.EventLog;
import io.agentruns.core.event.EventType;
import io.agentruns.core.harness.RunOutcome;
import io.agentruns.core.run.Ids;
import io.agentruns.server.Http;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A started server without an embedded worker: the tests play the worker through the real queue
 * and event log (claim, markStarted, append, finish), so that they decide what a run's log holds
 * and when. Each test creates its own team.
 */
public abstract class PagesTestSupport {
    public static final String ADMIN_KEY = "ar_test-pages-admin-key-0123456789abcdef";
    private static final Path DATA_DIR = tempDir();

    @LocalServerPort
    protected int port;

    @Autowired
    protected RunQueue queue;

    @Autowired
    protected EventLog eventLog;

    @DynamicPropertySource
    static void pagesServer(DynamicPropertyRegistry registry) {
        registry.add("agentruns.data-dir", DATA_DIR::toString);
        registry.add("agentruns.bootstrap-api-key", () -> ADMIN_KEY);
        registry.add("agentruns.worker.enabled", () -> "false");
        registry.add("agentruns.lease-seconds", () -> "300"); // the reaper must not take the tests' runs
        registry.add("agentruns.models", () -> "test-model=openai:test-model"); // model ids must be known
        registry.add("agentruns.stream-heartbeat", () -> "300ms");
        registry.add("agentruns.webhooks.retry-initial-delay", () -> "100ms");
        registry.add("agentruns.webhooks.poll-interval", () -> "100ms");
    }

    protected Http admin() {
        return new Http(port, ADMIN_KEY);
    }

    /** A team's admin key and a client that sends it. */
    protected record Team(String key, Http http) {
        public Map<String, String> auth() {
            return Map.of("Authorization", "Bearer " + key);
        }
    }

    /** A new team with its admin key. */
    protected Team newTeam() {
        Http.Response r = admin().post("/api/v1/admin/teams", "{\"name\":\"team-" + UUID.randomUUID() + "\"}");
        assertThat(r.status()).as(r.toString()).isEqualTo(201);
        String key = r.json().get("admin_key").get("key").stringValue();
        return new Team(key, admin().withKey(key));
    }

    /** A run in flight, driven by the test as its worker. */
    protected final class DrivenRun {
        public final UUID runId;
        public final String sessionId;
        private final Lease lease;

        private DrivenRun(UUID runId, String sessionId, Lease lease) {
            this.runId = runId;
            this.sessionId = sessionId;
            this.lease = lease;
        }

        public long emit(EventType type, Map<String, Object> data) {
            return eventLog.append(lease, type, data);
        }

        public void finish(RunOutcome outcome) {
            queue.finish(lease, outcome);
        }

        public String pagePath() {
            return "/sessions/" + sessionId;
        }
    }

    /**
     * Creates a run through the API and claims it as a worker of a pool of its own (config.worker_host),
     * so that no other test's run is claimed instead; the harness "starts" (session id set).
     */
    protected DrivenRun startRun(Team team, String title, String prompt) {
        String host = "pages-test-" + UUID.randomUUID();
        Map<String, Object> body = Map.of("title", title, "prompt", prompt,
                "config", Map.of("worker_host", host, "model_id", "test-model"));
        Http.Response created = team.http().post("/api/v1/agent/run", body);
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        UUID runId = UUID.fromString(created.json().get("run_id").stringValue());
        Lease lease = queue.claim("pages-test-worker", host).orElseThrow();
        assertThat(lease.runId()).isEqualTo(runId);
        String sessionId = Ids.capability();
        queue.markStarted(lease, sessionId);
        return new DrivenRun(runId, sessionId, lease);
    }

    protected static void await(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not reached within " + timeout + ": " + what);
            }
            Thread.sleep(20);
        }
    }

    private static Path tempDir() {
        try {
            return Files.createTempDirectory("agentruns-pages-test");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
