package io.agentruns.server.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.outbox.StateChange;
import io.agentruns.core.run.RunState;
import io.agentruns.core.run.StatusMessage;
import io.agentruns.store.Database;
import io.agentruns.store.DatabaseSettings;
import io.agentruns.store.testing.PostgresTestDatabase;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The outbox and the delivery loop against a real database and a real HTTP receiver: invariant 6
 * (rows commit and roll back with the state change), signatures, retries, and a restart.
 */
class WebhookOutboxTest {
    private static final Clock CLOCK = Clock.systemUTC();
    private static final WebhookDeliveryLoop.Settings FAST = new WebhookDeliveryLoop.Settings(Duration.ofMillis(50),
            Duration.ofSeconds(30), 10, new RetrySchedule(Duration.ofMillis(100), Duration.ofSeconds(1), Duration.ofHours(26)));

    @TempDir
    Path dir;

    private interface Db extends AutoCloseable {
        Database open();

        @Override
        void close();
    }

    private Db db(String kind) {
        if (kind.equals("h2")) {
            return new Db() {
                public Database open() {
                    return Database.open(DatabaseSettings.embedded(dir));
                }

                public void close() {
                }
            };
        }
        PostgresTestDatabase pg = PostgresTestDatabase.create();
        return new Db() {
            public Database open() {
                return Database.open(DatabaseSettings.of(pg.jdbcUrl()));
            }

            public void close() {
                pg.close();
            }
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void retriesUntilTheReceiverAcceptsAndSignsEveryAttempt(String kind) throws Exception {
        try (Db db = db(kind); Database database = db.open();
             WebhookReceiver receiver = new WebhookReceiver(0, n -> n <= 2 ? 500 : 200)) {
            SecretCipher cipher = SecretCipher.fromConfig(null, dir.resolve("secret.key"));
            WebhookStore store = new WebhookStore(database);
            UUID team = team(database);
            String secret = WebhookSigner.newSecret();
            receiver.expectSecret(secret);
            Webhook hook = webhook(store, cipher, team, receiver.url(), secret, List.of("run.state_changed", "run.succeeded"));
            UUID otherTeam = team(database);
            webhook(store, cipher, otherTeam, receiver.url(), secret, List.of("run.state_changed"));

            WebhookOutboxWriter writer = new WebhookOutboxWriter(store, CLOCK, null, () -> "http://127.0.0.1:9/");
            UUID runId = UUID.randomUUID();
            // A rolled-back state change leaves no outbox row (invariant 6).
            try {
                database.transactions().executeWithoutResult(tx -> {
                    writer.stateChanged(change(team, runId, RunState.INPROGRESS, RunState.FAILED));
                    throw new IllegalStateException("rollback");
                });
            } catch (IllegalStateException expected) {
                // rolled back
            }
            assertThat(store.listDeliveries(team, hook.id(), 100)).isEmpty();
            database.transactions().executeWithoutResult(tx ->
                    writer.stateChanged(change(team, runId, RunState.INPROGRESS, RunState.SUCCEEDED)));
            assertThat(store.listDeliveries(team, hook.id(), 100)).extracting(WebhookDelivery::eventType)
                    .containsExactlyInAnyOrder("run.state_changed", "run.succeeded");

            WebhookDeliveryLoop loop = new WebhookDeliveryLoop(store, cipher, new WebhookSender(Duration.ofSeconds(5)),
                    WebhookUrlPolicy.allowAll(), CLOCK, FAST);
            loop.start();
            try {
                await(() -> store.listDeliveries(team, hook.id(), 100).stream()
                        .allMatch(d -> d.status() == WebhookDelivery.Status.DELIVERED));
            } finally {
                loop.stop();
            }
            List<WebhookReceiver.Received> got = receiver.received();
            assertThat(got).allMatch(WebhookReceiver.Received::signatureValid);
            assertThat(got).hasSize(6); // per message: 500, 500, then 200
            // Retries keep the message id; the other team's webhook got nothing of this run.
            assertThat(got.stream().map(WebhookReceiver.Received::id).distinct()).hasSize(2);
            for (WebhookDelivery d : store.listDeliveries(team, hook.id(), 100)) {
                assertThat(d.attempts()).isEqualTo(3);
                assertThat(store.listAttempts(d.id())).extracting(WebhookStore.DeliveryAttempt::statusCode)
                        .containsExactly(500, 500, 200);
            }
            JsonNode body = JsonMapper.builder().build().readTree(got.getLast().body());
            assertThat(body.path("data").path("run_id").asString()).isEqualTo(runId.toString());
            assertThat(body.path("data").path("state").asString()).isEqualTo("SUCCEEDED");
            assertThat(body.path("data").path("previous_state").asString()).isEqualTo("INPROGRESS");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void aDeliveryPendingAtARestartIsDeliveredAfterIt(String kind) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // nothing listens here until the "restart"
        }
        String secret = WebhookSigner.newSecret();
        UUID team;
        UUID hookId;
        try (Db db = db(kind)) {
            try (Database database = db.open()) {
                SecretCipher cipher = SecretCipher.fromConfig(null, dir.resolve("secret.key"));
                WebhookStore store = new WebhookStore(database);
                team = team(database);
                hookId = webhook(store, cipher, team, "http://127.0.0.1:" + port + "/hook", secret, List.of("run.failed")).id();
                WebhookOutboxWriter writer = new WebhookOutboxWriter(store, CLOCK, null, null);
                database.transactions().executeWithoutResult(tx -> writer.stateChanged(
                        change(team, UUID.randomUUID(), RunState.INPROGRESS, RunState.FAILED)));
                WebhookDeliveryLoop loop = new WebhookDeliveryLoop(store, cipher, new WebhookSender(Duration.ofSeconds(2)),
                        WebhookUrlPolicy.allowAll(), CLOCK, FAST);
                loop.start();
                try {
                    await(() -> store.listDeliveries(team, hookId, 10).getFirst().attempts() >= 1
                            && store.listDeliveries(team, hookId, 10).getFirst().lastError() != null);
                } finally {
                    loop.stop();
                }
                assertThat(store.listDeliveries(team, hookId, 10).getFirst().status()).isEqualTo(WebhookDelivery.Status.PENDING);
            }
            // "Restart": a new pool, cipher (same key file) and loop on the same database; the receiver is up now.
            try (Database database = db.open(); WebhookReceiver receiver = new WebhookReceiver(port, n -> 204)) {
                receiver.expectSecret(secret);
                SecretCipher cipher = SecretCipher.fromConfig(null, dir.resolve("secret.key"));
                WebhookStore store = new WebhookStore(database);
                WebhookDeliveryLoop loop = new WebhookDeliveryLoop(store, cipher, new WebhookSender(Duration.ofSeconds(2)),
                        WebhookUrlPolicy.allowAll(), CLOCK, FAST);
                loop.start();
                try {
                    await(() -> store.listDeliveries(team, hookId, 10).getFirst().status() == WebhookDelivery.Status.DELIVERED);
                } finally {
                    loop.stop();
                }
                assertThat(receiver.received()).hasSize(1).allMatch(WebhookReceiver.Received::signatureValid);
                assertThat(JsonMapper.builder().build().readTree(receiver.received().getFirst().body()).path("type").asString())
                        .isEqualTo("run.failed");
            }
        }
    }

    static UUID team(Database database) {
        UUID id = UUID.randomUUID();
        database.jdbc().sql("INSERT INTO teams (id, name, created_at) VALUES (?, ?, ?)")
                .params(id, "team-" + id, WebhookStore.ts(Instant.now(CLOCK))).update();
        return id;
    }

    static Webhook webhook(WebhookStore store, SecretCipher cipher, UUID team, String url, String secret, List<String> types) {
        Instant now = CLOCK.instant();
        Webhook w = new Webhook(UUID.randomUUID(), team, url, null, types, true, cipher.encrypt(secret), now, now);
        store.insert(w);
        return w;
    }

    static StateChange change(UUID team, UUID run, RunState from, RunState to) {
        StatusMessage status = to == RunState.FAILED ? new StatusMessage("boom", ErrorCode.INTERNAL_ERROR, true) : null;
        return new StateChange(team, run, "a run", from, to, CLOCK.instant(), status, "abc");
    }

    static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not reached within 30 s");
            }
            Thread.sleep(25);
        }
    }
}
