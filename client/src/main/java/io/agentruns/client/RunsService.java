package io.agentruns.client;

import io.agentruns.client.internal.EventFollower;
import io.agentruns.client.internal.Futures;
import io.agentruns.client.internal.HttpTransport;
import io.agentruns.client.types.ListEventsResponse;
import io.agentruns.client.types.ListRunsParams;
import io.agentruns.client.types.ListRunsResponse;
import io.agentruns.client.types.RunAgentRequest;
import io.agentruns.client.types.RunAgentResponse;
import io.agentruns.client.types.RunEvent;
import io.agentruns.client.types.RunItem;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/** Runs: create, list (with auto-pagination), get, cancel, events, and following a run. */
public final class RunsService {
    private final AsyncRunsService async;
    private final HttpTransport transport;

    RunsService(AsyncRunsService async, HttpTransport transport) {
        this.async = async;
        this.transport = transport;
    }

    /**
     * Creates a run ({@code POST /agent/runs}) and answers its id and initial state. Retries of this call
     * reuse one {@code Idempotency-Key}, so that it makes at most one run.
     */
    public RunAgentResponse create(RunAgentRequest request) {
        return Futures.join(async.create(request));
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public RunAgentResponse create(RunAgentRequest request, RequestOptions options) {
        return Futures.join(async.create(request, options));
    }

    /** One page of runs; pass {@code params.withCursor(page.nextCursor())} for the next one. */
    public ListRunsResponse list(ListRunsParams params) {
        return Futures.join(async.list(params));
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public ListRunsResponse list(ListRunsParams params, RequestOptions options) {
        return Futures.join(async.list(params, options));
    }

    /**
     * Every run matching {@code params}, fetched page by page as the iteration proceeds.
     *
     * <pre>{@code
     * for (RunItem run : client.runs().listAutoPaging(ListRunsParams.builder().state(RunState.FAILED).build())) {
     *     System.out.println(run.runId() + " " + run.title());
     * }
     * }</pre>
     */
    public Iterable<RunItem> listAutoPaging(ListRunsParams params) {
        ListRunsParams start = params == null ? ListRunsParams.none() : params;
        return () -> new PagingIterator(start);
    }

    /** Every run matching {@code params} as a lazy sequential stream (pages are fetched on demand). */
    public Stream<RunItem> stream(ListRunsParams params) {
        return StreamSupport.stream(listAutoPaging(params).spliterator(), false);
    }

    /** Fetches one resource by id; {@code NotFoundException} when the caller cannot see it. */
    public RunItem get(String runId) {
        return Futures.join(async.get(runId));
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public RunItem get(String runId, RequestOptions options) {
        return Futures.join(async.get(runId, options));
    }

    /** Cancels a QUEUED or INPROGRESS run; a final run throws {@code ConflictException}. */
    public String cancel(String runId) {
        return Futures.join(async.cancel(runId));
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public String cancel(String runId, RequestOptions options) {
        return Futures.join(async.cancel(runId, options));
    }

    /** Up to {@code limit} events after sequence number {@code afterSeq} (null limit: the server's default). */
    public ListEventsResponse events(String runId, long afterSeq, Integer limit) {
        return Futures.join(async.events(runId, afterSeq, limit));
    }

    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public ListEventsResponse events(String runId, long afterSeq, Integer limit, RequestOptions options) {
        return Futures.join(async.events(runId, afterSeq, limit, options));
    }

    /**
     * Polls until the run is SUCCEEDED, FAILED or CANCELLED and answers it; throws
     * {@code ApiTimeoutException} when {@code timeout} (null: none) passes first.
     */
    public RunItem waitForFinalState(String runId, Duration pollInterval, Duration timeout) {
        return Futures.join(async.waitForFinalState(runId, pollInterval, timeout));
    }

    /**
     * The run's events after {@code afterSeq} (0: from the start) as they happen, ending after the final
     * state event. Reads the SSE stream and resumes it with {@code Last-Event-ID} after a dropped
     * connection, so the stream has no duplicates and no gaps. Close the stream to stop early.
     *
     * <pre>{@code
     * try (Stream<RunEvent> events = client.runs().streamEvents(runId, 0)) {
     *     events.forEach(e -> System.out.println(e.seq() + " " + e.type() + " " + e.data()));
     * }
     * }</pre>
     */
    public Stream<RunEvent> streamEvents(String runId, long afterSeq) {
        EventFollower follower = new EventFollower(transport, runId, afterSeq, Duration.ofSeconds(1));
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(follower,
                Spliterator.ORDERED | Spliterator.NONNULL), false).onClose(follower::close);
    }

    /** Gives every event from after {@code afterSeq} to {@code action} until the final state; answers that. */
    public RunEvent follow(String runId, long afterSeq, Consumer<RunEvent> action) {
        RunEvent last = null;
        try (EventFollower follower = new EventFollower(transport, runId, afterSeq, Duration.ofSeconds(1))) {
            while (follower.hasNext()) {
                last = follower.next();
                action.accept(last);
            }
        }
        return last;
    }

    /** Fetches the next page when the current one is used up. */
    private final class PagingIterator implements Iterator<RunItem> {
        private ListRunsParams next;
        private Iterator<RunItem> current = List.<RunItem>of().iterator();

        PagingIterator(ListRunsParams start) {
            this.next = start;
        }

        @Override
        public boolean hasNext() {
            while (!current.hasNext() && next != null) {
                ListRunsResponse page = list(next);
                current = page.runs().iterator();
                String cursor = page.nextCursor();
                next = cursor == null || page.runs().isEmpty() ? null : next.withCursor(cursor);
            }
            return current.hasNext();
        }

        @Override
        public RunItem next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return current.next();
        }
    }
}
