package io.agentruns.client;

import io.agentruns.client.internal.ApiRequest;
import io.agentruns.client.internal.HttpTransport;
import io.agentruns.client.internal.Json;
import io.agentruns.client.types.CloudEnvironment;
import io.agentruns.client.types.EnvironmentRequest;
import io.agentruns.client.types.ListEnvironmentsResponse;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Environments ({@code /agent/environments}), asynchronously. */
public final class AsyncEnvironmentsService {
    private final HttpTransport transport;

    AsyncEnvironmentsService(HttpTransport transport) {
        this.transport = transport;
    }

    /** Creates the resource; retries reuse one {@code Idempotency-Key}. */
    public CompletableFuture<CloudEnvironment> create(EnvironmentRequest request) {
        return create(request, RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<CloudEnvironment> create(EnvironmentRequest request, RequestOptions options) {
        return transport.send(ApiRequest.create("/agent/environments", request), options)
                .thenApply(r -> Json.read(r.body(), CloudEnvironment.class));
    }

    /** Lists the resources visible to the caller. */
    public CompletableFuture<List<CloudEnvironment>> list() {
        return list(RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<List<CloudEnvironment>> list(RequestOptions options) {
        return transport.send(ApiRequest.get("/agent/environments"), options)
                .thenApply(r -> Json.read(r.body(), ListEnvironmentsResponse.class).environments());
    }

    /** Fetches one resource by id; {@code NotFoundException} when the caller cannot see it. */
    public CompletableFuture<CloudEnvironment> get(String id) {
        return get(id, RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<CloudEnvironment> get(String id, RequestOptions options) {
        return transport.send(ApiRequest.get(path(id)), options)
                .thenApply(r -> Json.read(r.body(), CloudEnvironment.class));
    }

    /** Replaces the environment's fields ({@code PUT}). */
    public CompletableFuture<CloudEnvironment> update(String id, EnvironmentRequest request) {
        return update(id, request, RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<CloudEnvironment> update(String id, EnvironmentRequest request, RequestOptions options) {
        return transport.send(ApiRequest.put(path(id), request), options)
                .thenApply(r -> Json.read(r.body(), CloudEnvironment.class));
    }

    /** Deletes the resource. */
    public CompletableFuture<Void> delete(String id) {
        return delete(id, RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<Void> delete(String id, RequestOptions options) {
        return transport.send(ApiRequest.delete(path(id)), options).thenApply(r -> null);
    }

    private static String path(String id) {
        return "/agent/environments/" + HttpTransport.segment(id);
    }
}
