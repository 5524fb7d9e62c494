package io.agentruns.server.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.core.engine.Lease;
import io.agentruns.core.engine.RunQueue;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.harness.RunOutcome;
import io.agentruns.core.run.Ids;
import io.agentruns.core.run.StatusMessage;
import io.agentruns.core.run.Usage;
import io.agentruns.server.AgentrunsApplication;
import io.agentruns.server.Http;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * A delivery that is still pending when the service stops is delivered by the next start of the
 * service (invariant 6: never lost): the outbox row is durable, the new process's loop claims it.
 * Two real starts of the whole application on one H2 data dir.
 */
class WebhookRestartTest {
    private static final String ADMIN = "ar_test-webhook-restart-admin-0123456789";

    private static ConfigurableApplicationContext start(Path dataDir) {
        return new SpringApplicationBuilder(AgentrunsApplication.class).properties(Map.of(
                "agentruns.data-dir", dataDir.toString(),
                "agentruns.port", "0",
                "agentruns.bootstrap-api-key", ADMIN,
                "agentruns.worker.enabled", "false",
                "agentruns.models", "test-model=openai:test-model",
                "agentruns.webhooks.retry-initial-delay", "200ms",
                "agentruns.webhooks.retry-max-delay", "500ms",
                "agentruns.webhooks.poll-interval", "100ms")).run();
    }

    private static Http admin(ConfigurableApplicationContext ctx) {
        return new Http(Integer.parseInt(ctx.getEnvironment().getProperty("local.server.port")), ADMIN);
    }

    @Test
    void aPendingDeliveryIsDeliveredAfterARestart() throws Exception {
        Path dataDir = Files.createTempDirectory("agentruns-webhook-restart");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // nobody listens there while the first process runs
        }
        String secret;
        String hookId;
        UUID runId;
        try (ConfigurableApplicationContext first = start(dataDir)) {
            Http admin = admin(first);
            Http.Response hook = admin.post("/api/v1/webhooks",
                    Map.of("url", "http://127.0.0.1:" + port + "/hook", "event_types", List.of("run.failed")));
            assertThat(hook.status()).as(hook.toString()).isEqualTo(201);
            secret = hook.json().get("secret").stringValue();
            hookId = hook.json().get("id").stringValue();
            String host = "restart-" + UUID.randomUUID();
            Http.Response run = admin.post("/api/v1/agent/run",
                    Map.of("prompt", "fail me", "config", Map.of("worker_host", host, "model_id", "test-model")));
            assertThat(run.status()).as(run.toString()).isEqualTo(201);
            runId = UUID.fromString(run.json().get("run_id").stringValue());
            RunQueue queue = first.getBean(RunQueue.class);
            Lease lease = queue.claim("restart-test", host).orElseThrow();
            queue.markStarted(lease, Ids.capability());
            queue.finish(lease, new RunOutcome.Failed(new StatusMessage("tests failed", ErrorCode.INTERNAL_ERROR, false),
                    Usage.NONE, List.of()));
            await(() -> {
                JsonNode d = admin.get("/api/v1/webhooks/" + hookId + "/deliveries").json().get("deliveries");
                return d.size() == 1 && d.get(0).get("attempts").intValue() >= 2;
            });
            JsonNode pending = admin.get("/api/v1/webhooks/" + hookId + "/deliveries").json().get("deliveries").get(0);
            assertThat(pending.get("status").stringValue()).isEqualTo("PENDING");
            assertThat(pending.get("last_error").stringValue()).isNotBlank();
        }
        try (WebhookReceiver receiver = new WebhookReceiver(port, attempt -> 200);
             ConfigurableApplicationContext second = start(dataDir)) {
            receiver.expectSecret(secret);
            Http admin = admin(second);
            await(() -> "DELIVERED".equals(admin.get("/api/v1/webhooks/" + hookId + "/deliveries").json()
                    .get("deliveries").get(0).get("status").stringValue()));
            assertThat(receiver.received()).hasSize(1).allMatch(WebhookReceiver.Received::signatureValid);
            JsonNode body = io.agentruns.model.WireJson.mapper().readTree(receiver.received().getFirst().body());
            assertThat(body.get("type").stringValue()).isEqualTo("run.failed");
            assertThat(body.get("data").get("run_id").stringValue()).isEqualTo(runId.toString());
            assertThat(body.get("data").get("status_message").get("error_code").stringValue()).isEqualTo("internal_error");
        }
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not reached within 30 s");
            }
            Thread.sleep(50);
        }
    }
}
