package io.agentruns.client;

import io.agentruns.client.internal.Futures;
import io.agentruns.client.types.QueryParams;

/**
 * The synchronous agentruns client. Every call blocks until the answer, retrying connection errors,
 * timeouts, 408, 409, 429 and 5xx (see {@link ClientOptions}), and throws the SDK's exceptions
 * ({@code io.agentruns.client.errors}) otherwise.
 *
 * <pre>{@code
 * AgentrunsClient client = AgentrunsClient.fromEnv();   // AGENTRUNS_BASE_URL, AGENTRUNS_API_KEY
 * RunAgentResponse created = client.runs().create(RunAgentRequest.builder()
 *         .prompt("Fix the flaky test")
 *         .config(AgentConfig.builder().name("ci-fixer").build())
 *         .build());
 * RunItem done = client.runs().waitForFinalState(created.runId(), Duration.ofSeconds(2), Duration.ofMinutes(30));
 * }</pre>
 */
public final class AgentrunsClient implements AutoCloseable {
    private final AgentrunsAsyncClient async;
    private final RunsService runs;
    private final EnvironmentsService environments;
    private final SkillsService skills;
    private final WebhooksService webhooks;
    private final KeysService keys;

    /** A client with these settings. */
    public AgentrunsClient(ClientOptions options) {
        this.async = new AgentrunsAsyncClient(options);
        this.runs = new RunsService(async.runs(), async.transport());
        this.environments = new EnvironmentsService(async.environments());
        this.skills = new SkillsService(async.skills());
        this.webhooks = new WebhooksService(async.webhooks());
        this.keys = new KeysService(async.keys());
    }

    /** A client configured from {@code AGENTRUNS_BASE_URL} and {@code AGENTRUNS_API_KEY}. */
    public static AgentrunsClient fromEnv() {
        return new AgentrunsClient(ClientOptions.builder().build());
    }

    /** A client for {@code baseUrl} (e.g. {@code http://localhost:8080}) with {@code apiKey}. */
    public static AgentrunsClient of(String baseUrl, String apiKey) {
        return new AgentrunsClient(ClientOptions.builder().baseUrl(baseUrl).apiKey(apiKey).build());
    }

    /** Settings to build a client with: {@code new AgentrunsClient(builder()...build())}. */
    public static ClientOptions.Builder builder() {
        return ClientOptions.builder();
    }

    /** The asynchronous client sharing this client's settings and connections. */
    public AgentrunsAsyncClient async() { return async; }
    /** The settings of this client. */
    public ClientOptions options() { return async.options(); }
    /** Runs: create, list, get, cancel, events, follow. */
    public RunsService runs() { return runs; }
    /** Environments: create, list, get, update, delete. */
    public EnvironmentsService environments() { return environments; }
    /** Skills of the caller's environments. */
    public SkillsService skills() { return skills; }
    /** Webhooks: create, list, get, update, delete, deliveries. */
    public WebhooksService webhooks() { return webhooks; }
    /** API keys; needs the {@code admin} scope. */
    public KeysService keys() { return keys; }

    /**
     * Calls an endpoint the SDK does not model; see {@link AgentrunsAsyncClient#request}.
     *
     * <pre>{@code
     * RawResponse r = client.request("GET", "/agent/runs", new QueryParams().add("limit", 1), null, null);
     * String firstId = r.json().get("runs").get(0).get("run_id").asString();
     * }</pre>
     */
    public RawResponse request(String method, String path, QueryParams query, Object body, RequestOptions options) {
        return Futures.join(async.request(method, path, query, body, options));
    }

    /** Releases the connections of the HTTP client this client built. */
    @Override
    public void close() {
        async.close();
    }

    /** {@code request(method, path, null, body, null)}. */
    public RawResponse request(String method, String path, Object body) {
        return request(method, path, null, body, null);
    }
}
