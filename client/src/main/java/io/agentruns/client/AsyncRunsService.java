package io.agentruns.client;

import io.agentruns.client.errors.ApiTimeoutException;
import io.agentruns.client.internal.ApiRequest;
import io.agentruns.client.internal.EventFollower;
import io.agentruns.client.internal.HttpTransport;
import io.agentruns.client.internal.Json;
import io.agentruns.client.types.ListEventsResponse;
import io.agentruns.client.types.ListRunsParams;
import io.agentruns.client.types.ListRunsResponse;
import io.agentruns.client.types.QueryParams;
import io.agentruns.client.types.RunAgentRequest;
import io.agentruns.client.types.RunAgentResponse;
import io.agentruns.client.types.RunEvent;
import io.agentruns.client.types.RunItem;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** Runs: create, list, get, cancel, events, and following a run, asynchronously. */
public final class AsyncRunsService {
    private final HttpTransport transport;
    private final Executor executor;

    AsyncRunsService(HttpTransport transport, Executor executor) {
        this.transport = transport;
        this.executor = executor;
    }

    /** Creates a run ({@code POST /agent/runs}); retries reuse one {@code Idempotency-Key}. */
    public CompletableFuture<RunAgentResponse> create(RunAgentRequest request) {
        return create(request, RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<RunAgentResponse> create(RunAgentRequest request, RequestOptions options) {
        return transport.send(ApiRequest.create("/agent/runs", request), options)
                .thenApply(r -> Json.read(r.body(), RunAgentResponse.class));
    }

    /** One page of runs ({@code GET /agent/runs}). */
    public CompletableFuture<ListRunsResponse> list(ListRunsParams params) {
        return list(params, RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<ListRunsResponse> list(ListRunsParams params, RequestOptions options) {
        ListRunsParams p = params == null ? ListRunsParams.none() : params;
        return transport.send(ApiRequest.get("/agent/runs", p.toQuery()), options)
                .thenApply(r -> Json.read(r.body(), ListRunsResponse.class));
    }

    /**
     * Visits every run matching {@code params} across all pages, in order; completes with the number of
     * runs visited.
     */
    public CompletableFuture<Long> forEach(ListRunsParams params, Consumer<RunItem> action) {
        return forEach(params == null ? ListRunsParams.none() : params, action, 0L, RequestOptions.none());
    }

    private CompletableFuture<Long> forEach(ListRunsParams params, Consumer<RunItem> action, long seen,
                                            RequestOptions options) {
        return list(params, options).thenCompose(page -> {
            page.runs().forEach(action);
            long total = seen + page.runs().size();
            String next = page.nextCursor();
            return next == null || page.runs().isEmpty()
                    ? CompletableFuture.completedFuture(total)
                    : forEach(params.withCursor(next), action, total, options);
        });
    }

    /** The run in full ({@code GET /agent/runs/{runId}}). */
    public CompletableFuture<RunItem> get(String runId) {
        return get(runId, RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<RunItem> get(String runId, RequestOptions options) {
        return transport.send(ApiRequest.get(runPath(runId)), options)
                .thenApply(r -> Json.read(r.body(), RunItem.class));
    }

    /** Cancels a QUEUED or INPROGRESS run; answers its id. A final run fails with {@code ConflictException}. */
    public CompletableFuture<String> cancel(String runId) {
        return cancel(runId, RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<String> cancel(String runId, RequestOptions options) {
        return transport.send(ApiRequest.post(runPath(runId) + "/cancel", null), options)
                .thenApply(r -> {
                    String body = r.body() == null ? "" : r.body().trim();
                    return body.startsWith("\"") ? Json.read(body, String.class) : runId;
                });
    }

    /** Events after sequence number {@code afterSeq} ({@code GET /agent/runs/{runId}/events}). */
    public CompletableFuture<ListEventsResponse> events(String runId, long afterSeq, Integer limit) {
        return events(runId, afterSeq, limit, RequestOptions.none());
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public CompletableFuture<ListEventsResponse> events(String runId, long afterSeq, Integer limit,
                                                        RequestOptions options) {
        QueryParams q = new QueryParams().add("after", afterSeq).add("limit", limit);
        return transport.send(ApiRequest.get(runPath(runId) + "/events", q), options)
                .thenApply(r -> Json.read(r.body(), ListEventsResponse.class));
    }

    /**
     * Polls the run until it reaches a final state (SUCCEEDED, FAILED, CANCELLED) and answers it; fails with
     * {@link ApiTimeoutException} when {@code timeout} passes first (null waits without limit).
     */
    public CompletableFuture<RunItem> waitForFinalState(String runId, Duration pollInterval, Duration timeout) {
        Instant deadline = timeout == null ? null : Instant.now().plus(timeout);
        return poll(runId, pollInterval == null ? Duration.ofSeconds(1) : pollInterval, deadline);
    }

    private CompletableFuture<RunItem> poll(String runId, Duration interval, Instant deadline) {
        return get(runId).thenCompose(run -> {
            if (run.state() != null && run.state().isFinal()) {
                return CompletableFuture.completedFuture(run);
            }
            if (deadline != null && Instant.now().isAfter(deadline)) {
                return CompletableFuture.failedFuture(new ApiTimeoutException(
                        "run " + runId + " still " + run.state() + " when the wait timed out", null));
            }
            Executor later = CompletableFuture.delayedExecutor(interval.toMillis(), TimeUnit.MILLISECONDS);
            return CompletableFuture.supplyAsync(() -> null, later).thenCompose(x -> poll(runId, interval, deadline));
        });
    }

    /**
     * Follows the run's event log from after {@code afterSeq} (0 = from the start), giving each event to
     * {@code action} in order until the final state event, which the future completes with. Reconnects
     * with {@code Last-Event-ID} when the stream drops: no event is repeated or skipped.
     */
    public CompletableFuture<RunEvent> follow(String runId, long afterSeq, Consumer<RunEvent> action) {
        return CompletableFuture.supplyAsync(() -> {
            RunEvent last = null;
            try (EventFollower follower = new EventFollower(transport, runId, afterSeq, Duration.ofSeconds(1))) {
                while (follower.hasNext()) {
                    last = follower.next();
                    action.accept(last);
                }
            }
            return last;
        }, executor);
    }

    static String runPath(String runId) {
        return "/agent/runs/" + HttpTransport.segment(runId);
    }
}
