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
        long lastWrite = System.nanoTime();
        try (RunEventWakeups.Waiter waiter = wakeups.register(runId)) {
            while (!shuttingDown) {
                waiter.clear();
                List<RunEvent> events = log.get().read(teamId, runId, last, PAGE)
                        .orElseThrow(() -> ApiException.notFound("no run " + runId));
                for (RunEvent e : events) {
                    out.event(e);
                    last = e.seq();
                    lastWrite = System.nanoTime();
                    if (isFinalState(e)) {
                        return;
                    }
                }
                if (events.size() == PAGE) {
                    continue;
                }
                if (events.isEmpty() && runIsFinal(teamId, runId)) {
                    // The final state event commits with the final state: read once more, then end.
                    for (RunEvent e : log.get().read(teamId, runId, last, PAGE).orElse(List.of())) {
                        out.event(e);
                    }
                    return;
                }
                lastWrite = waitForNews(waiter, out, lastWrite);
            }
        }
    }

    /**
     * Sleeps until a wake-up signal or the poll interval (then the caller re-reads the log), sending
     * heartbeat comments whenever the stream has been idle for the heartbeat interval.
     * Returns the time of the last write.
     */
    private long waitForNews(RunEventWakeups.Waiter waiter, Output out, long lastWrite)
            throws IOException, InterruptedException {
        long pollAt = System.nanoTime() + settings.pollInterval().toNanos();
        while (!shuttingDown) {
            long now = System.nanoTime();
            long pingAt = lastWrite + settings.heartbeat().toNanos();
            if (now >= pollAt) {
                return lastWrite;
            }
            if (now >= pingAt) {
                out.heartbeat();
                lastWrite = System.nanoTime();
                continue;
            }
            if (waiter.await(Duration.ofNanos(Math.min(pollAt, pingAt) - now))) {
                return lastWrite;
            }
        }
        return lastWrite;
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
