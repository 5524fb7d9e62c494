package io.agentruns.client;

import io.agentruns.client.internal.Futures;
import io.agentruns.client.types.Webhook;
import io.agentruns.client.types.WebhookDelivery;
import io.agentruns.client.types.WebhookRequest;
import java.util.List;

/** Webhooks of the caller's team ({@code /webhooks}): create, list, get, update, delete, deliveries. */
public final class WebhooksService {
    private final AsyncWebhooksService async;

    WebhooksService(AsyncWebhooksService async) {
        this.async = async;
    }

    /** Creates a webhook; {@link Webhook#secret()} of the answer is the signing secret, shown only once. */
    public Webhook create(WebhookRequest request) { return Futures.join(async.create(request)); }
    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public Webhook create(WebhookRequest request, RequestOptions options) { return Futures.join(async.create(request, options)); }
    /** Lists the resources visible to the caller. */
    public List<Webhook> list() { return Futures.join(async.list()); }
    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public List<Webhook> list(RequestOptions options) { return Futures.join(async.list(options)); }
    /** Fetches one resource by id; {@code NotFoundException} when the caller cannot see it. */
    public Webhook get(String id) { return Futures.join(async.get(id)); }
    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public Webhook get(String id, RequestOptions options) { return Futures.join(async.get(id, options)); }
    /** Replaces the resource's fields. */
    public Webhook update(String id, WebhookRequest request) { return Futures.join(async.update(id, request)); }
    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public Webhook update(String id, WebhookRequest request, RequestOptions options) { return Futures.join(async.update(id, request, options)); }
    /** Deletes the resource. */
    public void delete(String id) { Futures.join(async.delete(id)); }
    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public void delete(String id, RequestOptions options) { Futures.join(async.delete(id, options)); }
    /** The delivery log of the webhook. */
    public List<WebhookDelivery> deliveries(String id) { return Futures.join(async.deliveries(id)); }
    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public List<WebhookDelivery> deliveries(String id, RequestOptions options) { return Futures.join(async.deliveries(id, options)); }
}
