package io.agentruns.server.webhooks;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A team's webhook endpoint. The signing secret is only held encrypted (invariant 8). */
public record Webhook(UUID id, UUID teamId, String url, String description, List<String> eventTypes, boolean enabled,
                      String secretEncrypted, Instant createdAt, Instant updatedAt) {
    public Webhook {
        eventTypes = List.copyOf(eventTypes);
    }

    public boolean wants(String eventType) {
        return enabled && eventTypes.contains(eventType);
    }
}
