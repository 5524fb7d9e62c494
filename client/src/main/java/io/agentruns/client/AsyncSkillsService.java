package io.agentruns.client;

import io.agentruns.client.internal.ApiRequest;
import io.agentruns.client.internal.HttpTransport;
import io.agentruns.client.internal.Json;
import io.agentruns.client.types.ListSkillsResponse;
import io.agentruns.client.types.Skill;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Skills found in the repositories of the caller's environments ({@code GET /agent}), asynchronously. */
public final class AsyncSkillsService {
    private final HttpTransport transport;

    AsyncSkillsService(HttpTransport transport) {
        this.transport = transport;
    }

    /** Lists the resources visible to the caller. */
    public CompletableFuture<List<Skill>> list() {
        return list(RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<List<Skill>> list(RequestOptions options) {
        return transport.send(ApiRequest.get("/agent"), options)
                .thenApply(r -> Json.read(r.body(), ListSkillsResponse.class).agents());
    }
}
