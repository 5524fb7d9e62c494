package io.agentruns.server.webhooks;

import io.agentruns.core.error.ApiException;
import io.agentruns.core.run.Ids;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

/** Webhook management for one team: validation, the secret shown once, tenancy (invariant 7). */
public class WebhookService {
    /** Upper bound of webhooks per team (each state change writes one row per matching webhook). */
    static final int MAX_PER_TEAM = 50;

    private final WebhookStore store;
    private final SecretCipher cipher;
    private final WebhookUrlPolicy urlPolicy;
    private final Clock clock;

    public WebhookService(WebhookStore store, SecretCipher cipher, WebhookUrlPolicy urlPolicy, Clock clock) {
        this.store = store;
        this.cipher = cipher;
        this.urlPolicy = urlPolicy;
        this.clock = clock;
    }

    /** A new webhook and its signing secret (returned only here). */
    public record Created(Webhook webhook, String secret) {
    }

    /** Fields of a create or update; null means "not given". */
    public record Fields(String url, List<String> eventTypes, String description, Boolean enabled) {
    }

    public Created create(UUID teamId, Fields f) {
        String url = urlPolicy.validate(f.url()).toString();
        List<String> types = WebhookEventTypes.parse(f.eventTypes());
        if (store.list(teamId).size() >= MAX_PER_TEAM) {
            throw ApiException.unprocessable(io.agentruns.core.error.ErrorCode.INVALID_REQUEST,
                    "a team can have at most " + MAX_PER_TEAM + " webhooks");
        }
        String secret = WebhookSigner.newSecret();
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Webhook w = new Webhook(Ids.uuidV7(clock), teamId, url, f.description(), types,
                f.enabled() == null || f.enabled(), cipher.encrypt(secret), now, now);
        store.insert(w);
        return new Created(w, secret);
    }

    public Webhook get(UUID teamId, String id) {
        return store.find(teamId, parse(id)).orElseThrow(() -> ApiException.notFound("no webhook " + id));
    }

    public List<Webhook> list(UUID teamId) {
        return store.list(teamId);
    }

    public Webhook update(UUID teamId, String id, Fields f) {
        Webhook old = get(teamId, id);
        String url = f.url() == null ? old.url() : urlPolicy.validate(f.url()).toString();
        List<String> types = f.eventTypes() == null ? old.eventTypes() : WebhookEventTypes.parse(f.eventTypes());
        Webhook updated = new Webhook(old.id(), teamId, url, f.description() == null ? old.description() : f.description(),
                types, f.enabled() == null ? old.enabled() : f.enabled(), old.secretEncrypted(), old.createdAt(),
                clock.instant().truncatedTo(ChronoUnit.MILLIS));
        if (!store.update(updated)) {
            throw ApiException.notFound("no webhook " + id);
        }
        return updated;
    }

    public void delete(UUID teamId, String id) {
        if (!store.delete(teamId, parse(id))) {
            throw ApiException.notFound("no webhook " + id);
        }
    }

    public List<WebhookDelivery> deliveries(UUID teamId, String id, int limit) {
        Webhook w = get(teamId, id);
        return store.listDeliveries(teamId, w.id(), limit);
    }

    public List<WebhookStore.DeliveryAttempt> attempts(WebhookDelivery d) {
        return store.listAttempts(d.id());
    }

    private static UUID parse(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw ApiException.notFound("no webhook " + id);
        }
    }
}
