package io.agentruns.client;

import io.agentruns.client.internal.ApiRequest;
import io.agentruns.client.internal.HttpTransport;
import io.agentruns.client.internal.Json;
import io.agentruns.client.types.ApiKey;
import io.agentruns.client.types.CreateApiKeyRequest;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** API keys ({@code /admin/keys}; needs a key with the {@code admin} scope), asynchronously. */
public final class AsyncKeysService {
    private final HttpTransport transport;

    AsyncKeysService(HttpTransport transport) {
        this.transport = transport;
    }

    /** Creates a key; the answer's {@link ApiKey#key()} is the secret value, shown only this once. */
    public CompletableFuture<ApiKey> create(CreateApiKeyRequest request) {
        return create(request, RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<ApiKey> create(CreateApiKeyRequest request, RequestOptions options) {
        return transport.send(ApiRequest.create("/admin/keys", request), options)
                .thenApply(r -> Json.read(r.body(), ApiKey.class));
    }

    /** Lists the resources visible to the caller. */
    public CompletableFuture<List<ApiKey>> list() {
        return list(RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<List<ApiKey>> list(RequestOptions options) {
        return transport.send(ApiRequest.get("/admin/keys"), options)
                .thenApply(r -> Json.readList(r.body(), "keys", ApiKey.class));
    }

    /** Revokes a key: it is refused at once from then on. */
    public CompletableFuture<Void> revoke(String id) {
        return revoke(id, RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<Void> revoke(String id, RequestOptions options) {
        return transport.send(ApiRequest.delete("/admin/keys/" + HttpTransport.segment(id)), options)
                .thenApply(r -> null);
    }
}
