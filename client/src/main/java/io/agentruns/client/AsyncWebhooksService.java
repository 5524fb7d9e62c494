package io.agentruns.client;

import io.agentruns.client.internal.ApiRequest;
import io.agentruns.client.internal.HttpTransport;
import io.agentruns.client.internal.Json;
import io.agentruns.client.types.Webhook;
import io.agentruns.client.types.WebhookDelivery;
import io.agentruns.client.types.WebhookRequest;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Webhooks of the caller's team ({@code /webhooks}), asynchronously. */
public final class AsyncWebhooksService {
    private final HttpTransport transport;

    AsyncWebhooksService(HttpTransport transport) {
        this.transport = transport;
    }

    /** Creates a webhook; the answer holds the signing secret, shown only this once. */
    public CompletableFuture<Webhook> create(WebhookRequest request) {
        return create(request, RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<Webhook> create(WebhookRequest request, RequestOptions options) {
        return transport.send(ApiRequest.create("/webhooks", request), options)
                .thenApply(r -> Json.read(r.body(), Webhook.class));
    }

    /** Lists the resources visible to the caller. */
    public CompletableFuture<List<Webhook>> list() {
        return list(RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<List<Webhook>> list(RequestOptions options) {
        return transport.send(ApiRequest.get("/webhooks"), options)
                .thenApply(r -> Json.readList(r.body(), "webhooks", Webhook.class));
    }

    /** Fetches one resource by id; {@code NotFoundException} when the caller cannot see it. */
    public CompletableFuture<Webhook> get(String id) {
        return get(id, RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<Webhook> get(String id, RequestOptions options) {
        return transport.send(ApiRequest.get(path(id)), options)
                .thenApply(r -> Json.read(r.body(), Webhook.class));
    }

    /** Replaces the resource's fields. */
    public CompletableFuture<Webhook> update(String id, WebhookRequest request) {
        return update(id, request, RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<Webhook> update(String id, WebhookRequest request, RequestOptions options) {
        return transport.send(ApiRequest.put(path(id), request), options)
                .thenApply(r -> Json.read(r.body(), Webhook.class));
    }

    /** Deletes the resource. */
    public CompletableFuture<Void> delete(String id) {
        return delete(id, RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<Void> delete(String id, RequestOptions options) {
        return transport.send(ApiRequest.delete(path(id)), options).thenApply(r -> null);
    }

    /** The delivery log of a webhook ({@code GET /webhooks/{id}/deliveries}). */
    public CompletableFuture<List<WebhookDelivery>> deliveries(String id) {
        return deliveries(id, RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<List<WebhookDelivery>> deliveries(String id, RequestOptions options) {
        return transport.send(ApiRequest.get(path(id) + "/deliveries"), options)
                .thenApply(r -> Json.readList(r.body(), "deliveries", WebhookDelivery.class));
    }

    private static String path(String id) {
        return "/webhooks/" + HttpTransport.segment(id);
    }
}
