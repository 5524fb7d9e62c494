package io.agentruns.server.webhooks;

import java.time.Instant;
import java.util.UUID;

/** One event for one webhook: an outbox row and its delivery state. */
public record WebhookDelivery(UUID id, UUID webhookId, UUID teamId, UUID runId, String eventType, String payload,
                              Status status, int attempts, Instant createdAt, Instant nextAttemptAt,
                              Instant lastAttemptAt, Instant deliveredAt, Integer lastStatusCode, String lastError) {

    public enum Status { PENDING, DELIVERED, FAILED }

    /** The Standard Webhooks message id, sent as the {@code webhook-id} header on every attempt. */
    public String messageId() {
        return "msg_" + id.toString().replace("-", "");
    }
}
