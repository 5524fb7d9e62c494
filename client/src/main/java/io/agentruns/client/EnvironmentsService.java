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

    public CloudEnvironment create(EnvironmentRequest request) { return Futures.join(async.create(request)); }
    public CloudEnvironment create(EnvironmentRequest request, RequestOptions options) { return Futures.join(async.create(request, options)); }
    public List<CloudEnvironment> list() { return Futures.join(async.list()); }
    public List<CloudEnvironment> list(RequestOptions options) { return Futures.join(async.list(options)); }
    public CloudEnvironment get(String id) { return Futures.join(async.get(id)); }
    public CloudEnvironment get(String id, RequestOptions options) { return Futures.join(async.get(id, options)); }
    /** Replaces the environment's fields; see {@link CloudEnvironment#toRequestBuilder()} to change a few. */
    public CloudEnvironment update(String id, EnvironmentRequest request) { return Futures.join(async.update(id, request)); }
    public CloudEnvironment update(String id, EnvironmentRequest request, RequestOptions options) { return Futures.join(async.update(id, request, options)); }
    public void delete(String id) { Futures.join(async.delete(id)); }
    public void delete(String id, RequestOptions options) { Futures.join(async.delete(id, options)); }
}
