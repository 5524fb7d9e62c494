/**
 * Java SDK of the agentruns API. Start with {@link io.agentruns.client.AgentrunsClient} (blocking) or
 * {@link io.agentruns.client.AgentrunsAsyncClient} ({@link java.util.concurrent.CompletableFuture}); settings
 * are in {@link io.agentruns.client.ClientOptions} and per call in {@link io.agentruns.client.RequestOptions}.
 */
package io.agentruns.client;
