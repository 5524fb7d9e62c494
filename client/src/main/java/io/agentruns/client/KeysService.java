package io.agentruns.client;

import io.agentruns.client.internal.Futures;
import io.agentruns.client.types.ApiKey;
import io.agentruns.client.types.CreateApiKeyRequest;
import java.util.List;

/** API keys ({@code /admin/keys}; needs a key with the {@code admin} scope): create, list, revoke. */
public final class KeysService {
    private final AsyncKeysService async;

    KeysService(AsyncKeysService async) {
        this.async = async;
    }

    /** Creates a key; {@link ApiKey#key()} of the answer is the secret value, shown only once. */
    public ApiKey create(CreateApiKeyRequest request) { return Futures.join(async.create(request)); }
    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public ApiKey create(CreateApiKeyRequest request, RequestOptions options) { return Futures.join(async.create(request, options)); }
    /** Lists the resources visible to the caller. */
    public List<ApiKey> list() { return Futures.join(async.list()); }
    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public List<ApiKey> list(RequestOptions options) { return Futures.join(async.list(options)); }
    /** Revokes a key; it is refused at once from then on. */
    public void revoke(String id) { Futures.join(async.revoke(id)); }
    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public void revoke(String id, RequestOptions options) { Futures.join(async.revoke(id, options)); }
}
