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
    public Webhook create(WebhookRequest request, RequestOptions options) { return Futures.join(async.create(request, options)); }
    public List<Webhook> list() { return Futures.join(async.list()); }
    public List<Webhook> list(RequestOptions options) { return Futures.join(async.list(options)); }
    public Webhook get(String id) { return Futures.join(async.get(id)); }
    public Webhook get(String id, RequestOptions options) { return Futures.join(async.get(id, options)); }
    public Webhook update(String id, WebhookRequest request) { return Futures.join(async.update(id, request)); }
    public Webhook update(String id, WebhookRequest request, RequestOptions options) { return Futures.join(async.update(id, request, options)); }
    public void delete(String id) { Futures.join(async.delete(id)); }
    public void delete(String id, RequestOptions options) { Futures.join(async.delete(id, options)); }
    public List<WebhookDelivery> deliveries(String id) { return Futures.join(async.deliveries(id)); }
    public List<WebhookDelivery> deliveries(String id, RequestOptions options) { return Futures.join(async.deliveries(id, options)); }
}
