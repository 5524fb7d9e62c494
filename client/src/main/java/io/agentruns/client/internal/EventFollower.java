package io.agentruns.client.internal;

import io.agentruns.client.RequestOptions;
import io.agentruns.client.errors.AgentrunsException;
import io.agentruns.client.errors.ApiConnectionException;
import io.agentruns.client.errors.ApiException;
import io.agentruns.client.errors.NotFoundException;
import io.agentruns.client.types.ListEventsResponse;
import io.agentruns.client.types.QueryParams;
import io.agentruns.client.types.RunEvent;
import io.agentruns.client.types.RunItem;
import io.agentruns.client.types.RunState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * Follows a run's event log until its final state event: reads the SSE stream
 * ({@code GET /agent/runs/{id}/events/stream}) and, when the connection drops or ends early, reconnects
 * with {@code Last-Event-ID} so that no event is repeated or missed. When the service has no stream
 * endpoint it polls {@code GET /agent/runs/{id}/events?after=N}, and when it has no events endpoint either
 * it polls the run and reports its state changes as {@code state} events. Blocking; not thread-safe.
 */
public final class EventFollower implements Iterator<RunEvent>, AutoCloseable {
    private enum Mode { STREAM, POLL_EVENTS, POLL_RUN }

    private final HttpTransport transport;
    private final String runId;
    private final Duration pollInterval;
    private final int maxConsecutiveFailures;
    private final Deque<RunEvent> buffer = new ArrayDeque<>();
    private Mode mode = Mode.STREAM;
    private long lastSeq;
    private RunState lastPolledState;
    private boolean finished;
    private boolean closed;
    private int failures;
    private Stream<String> lines;
    private Iterator<String> lineIterator;
    private SseParser parser;

    public EventFollower(HttpTransport transport, String runId, long afterSeq, Duration pollInterval) {
        this.transport = transport;
        this.runId = runId;
        this.lastSeq = afterSeq;
        this.pollInterval = pollInterval;
        this.maxConsecutiveFailures = Math.max(3, transport.settings().maxRetries());
    }

    /** Sequence number of the last event delivered (the resume point). */
    public long lastSeq() {
        return lastSeq;
    }

    @Override
    public boolean hasNext() {
        while (buffer.isEmpty() && !finished && !closed) {
            switch (mode) {
                case STREAM -> readStream();
                case POLL_EVENTS -> pollEvents();
                case POLL_RUN -> pollRun();
            }
        }
        return !buffer.isEmpty();
    }

    @Override
    public RunEvent next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return buffer.removeFirst();
    }

    @Override
    public void close() {
        closed = true;
        disconnect();
    }

    private void deliver(RunEvent e) {
        if (e.seq() > 0 && e.seq() <= lastSeq) {
            return; // already delivered before a reconnect
        }
        if (e.seq() > 0) {
            lastSeq = e.seq();
        }
        failures = 0;
        buffer.addLast(e);
        if (e.isFinalState()) {
            finished = true;
            disconnect();
        }
    }

    private void readStream() {
        try {
            if (lineIterator == null && !connect()) {
                return;
            }
            if (!lineIterator.hasNext()) {
                // The server ended the stream before a final state (restart, proxy): resume where we were.
                disconnect();
                failedAttempt(null);
                return;
            }
            SseParser.SseEvent sse = parser.feed(lineIterator.next());
            if (sse != null) {
                RunEvent e = toEvent(sse);
                if (e != null) {
                    deliver(e);
                }
            }
        } catch (UncheckedIOException e) {
            disconnect();
            failedAttempt(e.getCause());
        }
    }

    private boolean connect() {
        HttpRequest.Builder b = transport.baseRequest(
                        transport.uri("/agent/runs/" + HttpTransport.segment(runId) + "/events/stream", null),
                        RequestOptions.none(), null)
                .header("Accept", "text/event-stream").GET();
        if (lastSeq > 0) {
            b.header("Last-Event-ID", Long.toString(lastSeq));
        }
        HttpResponse<Stream<String>> response;
        try {
            response = transport.http().send(b.build(), HttpResponse.BodyHandlers.ofLines());
        } catch (IOException e) {
            failedAttempt(e);
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AgentrunsException("interrupted", e);
        }
        int status = response.statusCode();
        if (status / 100 == 2) {
            lines = response.body();
            lineIterator = lines.iterator();
            parser = new SseParser();
            return true;
        }
        String body = drain(response.body());
        if (status == 404 || status == 405) {
            ensureRunExists(); // throws NotFoundException for an unknown run
            mode = Mode.POLL_EVENTS;
            return false;
        }
        ApiException error = HttpTransport.apiError(status, response.headers(), body);
        if (status == 408 || status == 429 || status >= 500) {
            failedAttempt(error);
            return false;
        }
        throw error;
    }

    private RunEvent toEvent(SseParser.SseEvent sse) {
        if (sse.data().isBlank()) {
            return null;
        }
        JsonNode node = Json.readTree(sse.data());
        if (node.isObject() && node.has("type") && (node.has("seq") || node.has("sequence"))) {
            return Json.mapper().treeToValue(node, RunEvent.class);
        }
        long seq = parseSeq(sse.id());
        @SuppressWarnings("unchecked")
        Map<String, Object> data = node.isObject() ? Json.mapper().treeToValue(node, Map.class) : Map.of("value", node.toString());
        return new RunEvent(seq, sse.event() == null ? "message" : sse.event(), null, data, null);
    }

    private static long parseSeq(String id) {
        try {
            return id == null ? 0 : Long.parseLong(id.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private void pollEvents() {
        QueryParams q = new QueryParams().add("after", lastSeq).add("limit", 100);
        ListEventsResponse page;
        try {
            page = Json.read(Futures.join(transport.send(
                    ApiRequest.get("/agent/runs/" + HttpTransport.segment(runId) + "/events", q),
                    RequestOptions.none())).body(), ListEventsResponse.class);
        } catch (NotFoundException e) {
            ensureRunExists();
            mode = Mode.POLL_RUN;
            return;
        }
        page.events().forEach(this::deliver);
        if (page.events().isEmpty() && !finished) {
            // A run that ended while its log has no state event must still end the follow.
            RunItem run = ensureRunExists();
            if (run.state() != null && run.state().isFinal()) {
                QueryParams again = new QueryParams().add("after", lastSeq).add("limit", 100);
                ListEventsResponse last = Json.read(Futures.join(transport.send(
                        ApiRequest.get("/agent/runs/" + HttpTransport.segment(runId) + "/events", again),
                        RequestOptions.none())).body(), ListEventsResponse.class);
                last.events().forEach(this::deliver);
                if (!finished) {
                    deliver(stateEvent(run));
                }
                return;
            }
            sleep(pollInterval);
        }
    }

    private void pollRun() {
        RunItem run = ensureRunExists();
        if (run.state() != lastPolledState) {
            lastPolledState = run.state();
            deliver(stateEvent(run));
        }
        if (!finished) {
            sleep(pollInterval);
        }
    }

    private static RunEvent stateEvent(RunItem run) {
        Map<String, Object> data = run.statusMessage() == null
                ? Map.of("state", run.state().name())
                : Map.of("state", run.state().name(), "status_message", Json.convert(run.statusMessage(), Map.class));
        return new RunEvent(0, "state", run.updatedAt(), data, null);
    }

    private RunItem ensureRunExists() {
        return Json.read(Futures.join(transport.send(
                ApiRequest.get("/agent/runs/" + HttpTransport.segment(runId)), RequestOptions.none())).body(),
                RunItem.class);
    }

    private void failedAttempt(Throwable cause) {
        failures++;
        if (failures > maxConsecutiveFailures) {
            if (cause instanceof AgentrunsException ae) {
                throw ae;
            }
            throw new ApiConnectionException("event stream of run " + runId + " failed " + failures
                    + " times in a row", cause);
        }
        sleep(new Backoff(transport.settings().initialRetryDelay(), transport.settings().maxRetryDelay(),
                java.time.Clock.systemUTC()).delay(failures, null));
    }

    private void disconnect() {
        if (lines != null) {
            lines.close();
        }
        lines = null;
        lineIterator = null;
        parser = null;
    }

    private static String drain(Stream<String> body) {
        try (body) {
            return String.join("\n", body.toList());
        } catch (UncheckedIOException e) {
            return "";
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AgentrunsException("interrupted", e);
        }
    }
}
