package io.agentruns.server.webhooks;

import io.agentruns.store.Database;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * JDBC access to webhooks and their deliveries. Every read and change of a webhook is filtered by
 * team (invariant 7). Timestamps are stored truncated to milliseconds.
 */
public class WebhookStore {
    private static final String WEBHOOK_COLUMNS =
            "id, team_id, url, description, event_types, enabled, secret_encrypted, created_at, updated_at";
    private static final String DELIVERY_COLUMNS = "id, webhook_id, team_id, run_id, event_type, payload, status, attempts, "
            + "created_at, next_attempt_at, last_attempt_at, delivered_at, last_status_code, last_error";

    private final Database database;
    private final JdbcClient jdbc;

    public WebhookStore(Database database) {
        this.database = database;
        this.jdbc = database.jdbc();
    }

    public void insert(Webhook w) {
        jdbc.sql("INSERT INTO webhooks (" + WEBHOOK_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(w.id(), w.teamId(), w.url(), w.description(), String.join(" ", w.eventTypes()), w.enabled(),
                        w.secretEncrypted(), ts(w.createdAt()), ts(w.updatedAt()))
                .update();
    }

    public Optional<Webhook> find(UUID teamId, UUID id) {
        return jdbc.sql("SELECT " + WEBHOOK_COLUMNS + " FROM webhooks WHERE team_id = ? AND id = ?")
                .params(teamId, id).query(WebhookStore::webhook).optional();
    }

    public List<Webhook> list(UUID teamId) {
        return jdbc.sql("SELECT " + WEBHOOK_COLUMNS + " FROM webhooks WHERE team_id = ? ORDER BY created_at, id")
                .param(teamId).query(WebhookStore::webhook).list();
    }

    /** The team's enabled webhooks; read inside the state-change transaction by the outbox writer. */
    public List<Webhook> listEnabled(UUID teamId) {
        return jdbc.sql("SELECT " + WEBHOOK_COLUMNS + " FROM webhooks WHERE team_id = ? AND enabled = TRUE ORDER BY created_at, id")
                .param(teamId).query(WebhookStore::webhook).list();
    }

    public boolean update(Webhook w) {
        return jdbc.sql("UPDATE webhooks SET url = ?, description = ?, event_types = ?, enabled = ?, updated_at = ? "
                        + "WHERE team_id = ? AND id = ?")
                .params(w.url(), w.description(), String.join(" ", w.eventTypes()), w.enabled(), ts(w.updatedAt()),
                        w.teamId(), w.id())
                .update() == 1;
    }

    public boolean delete(UUID teamId, UUID id) {
        return database.transactions().execute(tx -> {
            // Attempts and deliveries go with it (ON DELETE CASCADE on both databases).
            return jdbc.sql("DELETE FROM webhooks WHERE team_id = ? AND id = ?").params(teamId, id).update() == 1;
        });
    }

    public void insertDelivery(WebhookDelivery d) {
        jdbc.sql("INSERT INTO webhook_deliveries (" + DELIVERY_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(d.id(), d.webhookId(), d.teamId(), d.runId(), d.eventType(), d.payload(), d.status().name(),
                        d.attempts(), ts(d.createdAt()), ts(d.nextAttemptAt()), ts(d.lastAttemptAt()),
                        ts(d.deliveredAt()), d.lastStatusCode(), d.lastError())
                .update();
    }

    /** Newest first. */
    public List<WebhookDelivery> listDeliveries(UUID teamId, UUID webhookId, int limit) {
        return jdbc.sql("SELECT " + DELIVERY_COLUMNS + " FROM webhook_deliveries WHERE team_id = ? AND webhook_id = ? "
                        + "ORDER BY created_at DESC, id DESC LIMIT ?")
                .params(teamId, webhookId, limit).query(WebhookStore::delivery).list();
    }

    public List<DeliveryAttempt> listAttempts(UUID deliveryId) {
        return jdbc.sql("SELECT attempt, attempted_at, status_code, error, duration_ms FROM webhook_delivery_attempts "
                        + "WHERE delivery_id = ? ORDER BY attempt")
                .param(deliveryId)
                .query((rs, n) -> new DeliveryAttempt(rs.getInt(1), instant(rs, 2), (Integer) rs.getObject(3),
                        rs.getString(4), rs.getLong(5)))
                .list();
    }

    /** One attempt of a delivery, for the delivery log. */
    public record DeliveryAttempt(int attempt, Instant attemptedAt, Integer statusCode, String error, long durationMs) {
    }

    /** A claimed delivery with what is needed to send it. */
    public record Claimed(WebhookDelivery delivery, String url, String secretEncrypted) {
    }

    /**
     * Claims up to {@code limit} due deliveries for this node: locks them with FOR UPDATE SKIP LOCKED
     * (other nodes skip them), counts the attempt and moves next_attempt_at to {@code claimUntil}, so
     * that a node that dies mid-delivery leaves the row due again afterwards (never lost).
     */
    public List<Claimed> claimDue(Instant now, Instant claimUntil, int limit) {
        return database.transactions().execute(tx -> {
            List<UUID> ids = jdbc.sql("SELECT id FROM webhook_deliveries WHERE status = 'PENDING' AND next_attempt_at <= ? "
                            + "ORDER BY next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED")
                    .params(ts(now), limit).query((rs, n) -> rs.getObject(1, UUID.class)).list();
            List<Claimed> out = new java.util.ArrayList<>(ids.size());
            for (UUID id : ids) {
                jdbc.sql("UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = ?, last_attempt_at = ? WHERE id = ?")
                        .params(ts(claimUntil), ts(now), id).update();
                jdbc.sql("SELECT " + prefixed("d.", DELIVERY_COLUMNS) + ", w.url, w.secret_encrypted FROM webhook_deliveries d "
                                + "JOIN webhooks w ON w.id = d.webhook_id WHERE d.id = ?")
                        .param(id)
                        .query((rs, n) -> new Claimed(delivery(rs, n), rs.getString(15), rs.getString(16)))
                        .optional().ifPresent(out::add);
            }
            return out;
        });
    }

    /**
     * Records the outcome of attempt number {@code attempt}; guarded by the attempt count so that a
     * node whose claim expired (and whose row another node re-claimed) changes nothing.
     */
    public boolean recordAttempt(UUID deliveryId, int attempt, Instant at, Integer statusCode, String error, long durationMs,
                                 WebhookDelivery.Status status, Instant nextAttemptAt) {
        return Boolean.TRUE.equals(database.transactions().execute(tx -> {
            int changed = jdbc.sql("UPDATE webhook_deliveries SET status = ?, next_attempt_at = ?, last_status_code = ?, "
                            + "last_error = ?, delivered_at = ? WHERE id = ? AND attempts = ?")
                    .params(status.name(), ts(nextAttemptAt == null ? at : nextAttemptAt), statusCode, error,
                            status == WebhookDelivery.Status.DELIVERED ? ts(at) : null, deliveryId, attempt)
                    .update();
            if (changed == 1) {
                jdbc.sql("INSERT INTO webhook_delivery_attempts (delivery_id, attempt, attempted_at, status_code, error, duration_ms) "
                                + "VALUES (?, ?, ?, ?, ?, ?)")
                        .params(deliveryId, attempt, ts(at), statusCode, error, durationMs).update();
            }
            return changed == 1;
        }));
    }

    private static String prefixed(String prefix, String columns) {
        return String.join(", ", Arrays.stream(columns.split(",\\s*")).map(c -> prefix + c).toList());
    }

    static OffsetDateTime ts(Instant i) {
        return i == null ? null : OffsetDateTime.ofInstant(i.truncatedTo(ChronoUnit.MILLIS), ZoneOffset.UTC);
    }

    static Instant instant(ResultSet rs, int column) throws SQLException {
        OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
        return t == null ? null : t.toInstant();
    }

    private static Webhook webhook(ResultSet rs, int n) throws SQLException {
        String types = rs.getString(5);
        return new Webhook(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class), rs.getString(3), rs.getString(4),
                types.isBlank() ? List.of() : List.of(types.trim().split("\\s+")), rs.getBoolean(6), rs.getString(7),
                instant(rs, 8), instant(rs, 9));
    }

    private static WebhookDelivery delivery(ResultSet rs, int n) throws SQLException {
        return new WebhookDelivery(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class), rs.getObject(3, UUID.class),
                rs.getObject(4, UUID.class), rs.getString(5), rs.getString(6), WebhookDelivery.Status.valueOf(rs.getString(7)),
                rs.getInt(8), instant(rs, 9), instant(rs, 10), instant(rs, 11), instant(rs, 12),
                (Integer) rs.getObject(13), rs.getString(14));
    }
}
