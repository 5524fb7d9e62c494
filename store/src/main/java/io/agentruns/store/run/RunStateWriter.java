package io.agentruns.store.run;

import io.agentruns.core.event.EventType;
import io.agentruns.core.run.RunState;
import io.agentruns.core.run.RunTransitions;
import io.agentruns.core.run.StatusMessage;
import io.agentruns.store.Dialect;
import io.agentruns.store.SqlTime;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The one place that changes a run's state: the row update and its {@code state} event are written
 * together, in the caller's transaction (invariants 4 and 5; webhook outbox and NOTIFY join here).
 * The UPDATE only matches a run whose current state may move to the target
 * ({@link RunTransitions#sourcesOf}) and, for worker writes, whose version is the expected one
 * (invariant 2), so a final state never changes and a stale worker changes nothing.
 * Must run inside a transaction (the update and the event insert are two statements).
 */
public final class RunStateWriter {
    private final JdbcClient jdbc;
    private final Dialect dialect;
    private final Clock clock;
    private final RunEventRows events;

    public RunStateWriter(JdbcClient jdbc, Dialect dialect, Clock clock) {
        this.jdbc = jdbc;
        this.dialect = dialect;
        this.clock = clock;
        this.events = new RunEventRows(jdbc);
    }

    /** The row after a successful change: its new version and the seq of the state event. */
    public record Change(UUID runId, RunState state, long version, long eventSeq, Instant at) {
    }

    /**
     * Moves {@code runId} to {@code to}; sets updated_at, started_at (first move to INPROGRESS),
     * finished_at (final states), the status message (when given), version + 1, and appends the
     * state event. {@code expectedVersion} null means "any version" (API-side changes such as
     * cancel of a queued run); workers always pass theirs.
     *
     * @return the change, or empty when the run is not in a state that may move to {@code to}
     *         or its version differs
     */
    public Optional<Change> transition(UUID runId, RunState to, Long expectedVersion, StatusMessage status) {
        Instant now = SqlTime.now(clock);
        List<String> sources = RunTransitions.sourcesOf(to).stream().map(Enum::name).toList();
        if (sources.isEmpty()) {
            return Optional.empty();
        }
        List<String> sets = new ArrayList<>(List.of("state = :to", "updated_at = :now", "version = version + 1",
                "last_event_seq = last_event_seq + 1"));
        if (to == RunState.INPROGRESS) {
            sets.add("started_at = COALESCE(started_at, :now)");
        }
        if (to.isFinal()) {
            sets.add("finished_at = :now");
        }
        if (status != null) {
            sets.addAll(List.of("status_message = :msg", "status_error_code = :code", "status_retryable = :retryable"));
        }
        String update = "UPDATE runs SET " + String.join(", ", sets)
                + " WHERE id = :id AND state IN (:sources)"
                + (expectedVersion != null ? " AND version = :version" : "");
        JdbcClient.StatementSpec spec = jdbc.sql(dialect.updateReturning(update, "version, last_event_seq"))
                .param("to", to.name())
                .param("now", SqlTime.bind(now))
                .param("id", runId)
                .param("sources", sources);
        if (status != null) {
            spec = spec.param("msg", status.message())
                    .param("code", status.errorCode().wireName())
                    .param("retryable", status.retryable());
        }
        if (expectedVersion != null) {
            spec = spec.param("version", expectedVersion);
        }
        Optional<long[]> row = spec.query((rs, n) -> new long[] {rs.getLong(1), rs.getLong(2)}).optional();
        return row.map(r -> recorded(runId, to, status, r[0], r[1], now));
    }

    /**
     * The second half of a transition that a specialised statement already made on the row (the
     * queue's one-statement claim, which must pick and move the run at once): that statement set
     * the state, updated_at and version and took {@code eventSeq} from {@code last_event_seq};
     * this writes the state event (and whatever else every transition announces).
     */
    public Change recorded(UUID runId, RunState to, StatusMessage status, long version, long eventSeq, Instant at) {
        events.insert(runId, eventSeq, EventType.STATE, at, StateEventData.of(to, status));
        return new Change(runId, to, version, eventSeq, at);
    }
}
