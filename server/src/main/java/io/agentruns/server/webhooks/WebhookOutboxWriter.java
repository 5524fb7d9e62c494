package io.agentruns.server.webhooks;

import io.agentruns.core.outbox.OutboxWriter;
import io.agentruns.core.outbox.StateChange;
import io.agentruns.core.run.Ids;
import io.agentruns.model.WireJson;
import io.agentruns.store.tx.OncePerTransaction;
import io.agentruns.store.tx.TransactionCache;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Writes one outbox row per (enabled webhook of the team, event type it wants) for a run state
 * change, inside the state change's transaction (invariant 6: a delivery is never lost or invented;
 * guarded by WebhookDeliveryTest). After the commit it nudges the local delivery loop. The team's
 * enabled webhooks are read once per transaction: a group-committed transaction of many creates
 * reads them once, not once per run.
 */
public class WebhookOutboxWriter implements OutboxWriter {
    private final WebhookStore store;
    private final Clock clock;
    private final Runnable afterCommit;
    private final Supplier<String> publicBaseUrl;
    private final TransactionCache<UUID, List<Webhook>> enabledWebhooks;

    /** {@code publicBaseUrl} gives the base of session links (null or blank: payloads carry none). */
    public WebhookOutboxWriter(WebhookStore store, Clock clock, Runnable afterCommit, Supplier<String> publicBaseUrl) {
        this.store = store;
        this.clock = clock;
        this.afterCommit = afterCommit;
        this.publicBaseUrl = publicBaseUrl == null ? () -> null : publicBaseUrl;
        this.enabledWebhooks = new TransactionCache<>(store::listEnabled);
    }

    @Override
    public void stateChanged(StateChange change) {
        boolean wrote = false;
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        for (Webhook webhook : enabledWebhooks.get(change.teamId())) {
            for (String type : WebhookEventTypes.forTransition(change.to())) {
                if (!webhook.wants(type)) {
                    continue;
                }
                store.insertDelivery(new WebhookDelivery(Ids.uuidV7(clock), webhook.id(), change.teamId(), change.runId(),
                        type, payload(type, change), WebhookDelivery.Status.PENDING, 0, now, now, null, null, null, null));
                wrote = true;
            }
        }
        if (wrote && afterCommit != null) {
            OncePerTransaction.afterCommit(this, afterCommit);
        }
    }

    /** The body: {@code {type, timestamp, data: {run_id, title, state, previous_state, status_message, session_link}}}. */
    String payload(String type, StateChange change) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("run_id", change.runId().toString());
        data.put("title", change.title());
        data.put("state", change.to().name());
        if (change.from() != null) {
            data.put("previous_state", change.from().name());
        }
        data.put("updated_at", iso(change.at()));
        if (change.statusMessage() != null) {
            Map<String, Object> status = new LinkedHashMap<>();
            status.put("message", change.statusMessage().message());
            status.put("error_code", change.statusMessage().errorCode().wireName());
            status.put("retryable", change.statusMessage().retryable());
            data.put("status_message", status);
        }
        String base = publicBaseUrl.get();
        if (base != null && !base.isBlank() && change.sessionId() != null) {
            data.put("session_link", base.replaceAll("/+$", "") + "/sessions/" + change.sessionId());
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", type);
        body.put("timestamp", iso(change.at()));
        body.put("data", data);
        return WireJson.mapper().writeValueAsString(body);
    }

    private static String iso(Instant at) {
        return at == null ? null : DateTimeFormatter.ISO_INSTANT.format(at.truncatedTo(ChronoUnit.MILLIS));
    }
}
