package io.agentruns.client;

import io.agentruns.client.internal.Futures;
import io.agentruns.client.types.CloudEnvironment;
import io.agentruns.client.types.EnvironmentRequest;
import java.util.List;

/** Environments ({@code /agent/environments}): create, list, get, update, delete. */
public final class EnvironmentsService {
    private final AsyncEnvironmentsService async;

    EnvironmentsService(AsyncEnvironmentsService async) {
        this.async = async;
    }

    /** Creates the resource; retries reuse one {@code Idempotency-Key}. */
    public CloudEnvironment create(EnvironmentRequest request) { return Futures.join(async.create(request)); }
    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CloudEnvironment create(EnvironmentRequest request, RequestOptions options) { return Futures.join(async.create(request, options)); }
    /** Lists the resources visible to the caller. */
    public List<CloudEnvironment> list() { return Futures.join(async.list()); }
    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public List<CloudEnvironment> list(RequestOptions options) { return Futures.join(async.list(options)); }
    /** Fetches one resource by id; {@code NotFoundException} when the caller cannot see it. */
    public CloudEnvironment get(String id) { return Futures.join(async.get(id)); }
    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CloudEnvironment get(String id, RequestOptions options) { return Futures.join(async.get(id, options)); }
    /** Replaces the environment's fields; see {@link CloudEnvironment#toRequestBuilder()} to change a few. */
    public CloudEnvironment update(String id, EnvironmentRequest request) { return Futures.join(async.update(id, request)); }
    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CloudEnvironment update(String id, EnvironmentRequest request, RequestOptions options) { return Futures.join(async.update(id, request, options)); }
    /** Deletes the resource. */
    public void delete(String id) { Futures.join(async.delete(id)); }
    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public void delete(String id, RequestOptions options) { Futures.join(async.delete(id, options)); }
}
