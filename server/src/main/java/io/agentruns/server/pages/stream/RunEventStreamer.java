package io.agentruns.server.pages.stream;

import io.agentruns.core.error.ApiException;
import io.agentruns.core.event.EventLog;
import io.agentruns.core.event.EventType;
import io.agentruns.core.event.RunEvent;
import io.agentruns.core.run.RunRepository;
import io.agentruns.core.run.RunState;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Follows one run's durable event log (invariant 5): first everything after {@code afterSeq}, then
 * new events as they are committed, until the final {@code state} event has been sent. Nothing is
 * kept in memory between reads, so a resume (Last-Event-ID) and a live follow read the same log:
 * no duplicates, no gaps (guarded by RunEventStreamTest). Blocking; runs on the request's virtual thread.
 */
public final class RunEventStreamer {
    private static final int PAGE = 500;

    /** Where the stream writes. */
    public interface Output {
        void event(RunEvent event) throws IOException;

        void heartbeat() throws IOException;
    }

    public record Settings(Duration heartbeat, Duration pollInterval) {
    }

    private final Supplier<EventLog> log;
    private final RunRepository runs;
    private final RunEventWakeups wakeups;
    private final Settings settings;
    private volatile boolean shuttingDown;

    /** {@code log} is looked up on use: the event log is the execution engine's bean. */
    public RunEventStreamer(Supplier<EventLog> log, RunRepository runs, RunEventWakeups wakeups, Settings settings) {
        this.log = log;
        this.runs = runs;
        this.wakeups = wakeups;
        this.settings = settings;
    }

    /** Checks that the team can see the run (404 otherwise), before any byte of the response is written. */
    public void requireVisible(UUID teamId, UUID runId) {
        if (runs.find(teamId, runId).isEmpty()) {
            throw ApiException.notFound("no run " + runId);
        }
    }

    /**
     * Streams until the run's final state event was written, the client went away (IOException) or
     * the service shuts down (the client then resumes elsewhere with Last-Event-ID).
     */
    public void stream(UUID teamId, UUID runId, long afterSeq, Output out) throws IOException, InterruptedException {
        long last = afterSeq;
        long sinceWrite = System.nanoTime();
        try (RunEventWakeups.Waiter waiter = wakeups.register(runId)) {
            while (!shuttingDown) {
                waiter.clear();
                List<RunEvent> events = log.get().read(teamId, runId, last, PAGE)
                        .orElseThrow(() -> ApiException.notFound("no run " + runId));
                for (RunEvent e : events) {
                    out.event(e);
                    last = e.seq();
                    sinceWrite = System.nanoTime();
                    if (isFinalState(e)) {
                        return;
                    }
                }
                if (events.size() == PAGE) {
                    continue;
                }
                if (events.isEmpty() && runIsFinal(teamId, runId)) {
                    // The final state event is committed with the final state: read once more, then end.
                    List<RunEvent> rest = log.get().read(teamId, runId, last, PAGE).orElse(List.of());
                    for (RunEvent e : rest) {
                        out.event(e);
                    }
                    return;
                }
                Duration untilPing = settings.heartbeat().minusNanos(System.nanoTime() - sinceWrite);
                Duration wait = untilPing.compareTo(settings.pollInterval()) < 0 ? untilPing : settings.pollInterval();
                if (!wait.isNegative() && !wait.isZero()) {
                    waiter.await(wait);
                }
                if (System.nanoTime() - sinceWrite >= settings.heartbeat().toNanos()) {
                    out.heartbeat();
                    sinceWrite = System.nanoTime();
                }
            }
        }
    }

    private boolean runIsFinal(UUID teamId, UUID runId) {
        return runs.find(teamId, runId).map(r -> r.state().isFinal()).orElse(true);
    }

    public static boolean isFinalState(RunEvent e) {
        if (e.type() != EventType.STATE || e.data() == null || !(e.data().get("state") instanceof String s)) {
            return false;
        }
        try {
            return RunState.valueOf(s).isFinal();
        } catch (IllegalArgumentException unknown) {
            return false;
        }
    }

    /** Ends every open stream soon (called when the service stops). */
    public void shutdown() {
        shuttingDown = true;
        wakeups.signalAll();
    }

    public void reopen() {
        shuttingDown = false;
    }
}
