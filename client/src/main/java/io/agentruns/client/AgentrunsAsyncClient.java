package io.agentruns.client;

import io.agentruns.client.internal.ApiRequest;
import io.agentruns.client.internal.Backoff;
import io.agentruns.client.internal.HttpTransport;
import io.agentruns.client.types.QueryParams;
import java.net.http.HttpClient;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The asynchronous agentruns client: the same surface as {@link AgentrunsClient}, every call answering a
 * {@link CompletableFuture} that fails with the SDK's exceptions ({@code io.agentruns.client.errors}).
 *
 * <pre>{@code
 * AgentrunsAsyncClient client = AgentrunsAsyncClient.fromEnv();
 * client.runs().create(RunAgentRequest.builder().prompt("Fix the flaky test").build())
 *       .thenAccept(r -> System.out.println(r.runId()));
 * }</pre>
 */
public final class AgentrunsAsyncClient implements AutoCloseable {
    private final ClientOptions options;
    private final HttpTransport transport;
    private final AsyncRunsService runs;
    private final AsyncEnvironmentsService environments;
    private final AsyncSkillsService skills;
    private final AsyncWebhooksService webhooks;
    private final AsyncKeysService keys;
    private final boolean ownsHttpClient;

    /** A client with these settings. */
    public AgentrunsAsyncClient(ClientOptions options) {
        this.options = options;
        this.ownsHttpClient = options.httpClient() == null;
        HttpClient http = options.httpClient() != null ? options.httpClient()
                : HttpClient.newBuilder().connectTimeout(options.connectTimeout())
                        .followRedirects(HttpClient.Redirect.NORMAL).build();
        this.transport = new HttpTransport(options, http,
                new Backoff(options.initialRetryDelay(), options.maxRetryDelay(), Clock.systemUTC()));
        Executor executor = options.executor() != null ? options.executor() : DefaultExecutor.INSTANCE;
        this.runs = new AsyncRunsService(transport, executor);
        this.environments = new AsyncEnvironmentsService(transport);
        this.skills = new AsyncSkillsService(transport);
        this.webhooks = new AsyncWebhooksService(transport);
        this.keys = new AsyncKeysService(transport);
    }

    /** A client configured from {@code AGENTRUNS_BASE_URL} and {@code AGENTRUNS_API_KEY}. */
    public static AgentrunsAsyncClient fromEnv() {
        return new AgentrunsAsyncClient(ClientOptions.builder().build());
    }

    /** Settings to build a client with: {@code new AgentrunsAsyncClient(builder()...build())}. */
    public static ClientOptions.Builder builder() {
        return ClientOptions.builder();
    }

    /** The settings of this client. */
    public ClientOptions options() { return options; }
    /** Runs: create, list, get, cancel, events, follow. */
    public AsyncRunsService runs() { return runs; }
    /** Environments: create, list, get, update, delete. */
    public AsyncEnvironmentsService environments() { return environments; }
    /** Skills of the caller's environments. */
    public AsyncSkillsService skills() { return skills; }
    /** Webhooks: create, list, get, update, delete, deliveries. */
    public AsyncWebhooksService webhooks() { return webhooks; }
    /** API keys; needs the {@code admin} scope. */
    public AsyncKeysService keys() { return keys; }

    /**
     * Calls an endpoint the SDK does not model: {@code path} is relative to the base URL (e.g.
     * {@code /agent/runs/ID/artifacts}), {@code body} is serialised as JSON (null for none). Retries,
     * timeouts and errors work as for the typed calls; pass an idempotency key in {@code options} to make a
     * POST retry-safe.
     */
    public CompletableFuture<RawResponse> request(String method, String path, QueryParams query, Object body,
                                                  RequestOptions options) {
        RequestOptions opts = options == null ? RequestOptions.none() : options;
        boolean create = "POST".equalsIgnoreCase(method) && opts.idempotencyKey() != null;
        ApiRequest request = new ApiRequest(method.toUpperCase(java.util.Locale.ROOT),
                path.startsWith("/") ? path : "/" + path, query, body, create);
        return transport.send(request, opts)
                .thenApply(r -> new RawResponse(r.statusCode(), r.headers(), r.body()));
    }

    /** Releases the connections of the HTTP client this client built (not of one passed in). */
    @Override
    public void close() {
        if (ownsHttpClient) {
            transport.http().close();
        }
    }

    HttpTransport transport() {
        return transport;
    }

    /** Daemon threads for the blocking parts of following events, created on first use. */
    private static final class DefaultExecutor {
        static final ExecutorService INSTANCE = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "agentruns-client");
            t.setDaemon(true);
            return t;
        });
    }
}
