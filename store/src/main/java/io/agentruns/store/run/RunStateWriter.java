package io.agentruns.store.run;

import io.agentruns.core.event.EventType;
import io.agentruns.core.outbox.OutboxWriter;
import io.agentruns.core.outbox.StateChange;
import io.agentruns.core.run.RunState;
import io.agentruns.core.run.RunTransitions;
import io.agentruns.core.run.StatusMessage;
import io.agentruns.store.Dialect;
import io.agentruns.store.SqlTime;
import io.agentruns.store.queue.RunNotifier;
import io.agentruns.store.tx.InsertsAtCommit;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The one place that records a run's state changes, creation included: the {@code state} event with
 * the run's next seq (invariant 5) and the side effects that must commit with it (invariant 6:
 * worker wake-up for QUEUED, webhook outbox rows through {@link OutboxWriter}). Runs in the
 * caller's transaction; it must be called inside one.
 */
public final class RunStateWriter {
    private final JdbcClient jdbc;
    private final Dialect dialect;
    private final Clock clock;
    private final RunNotifier notifier;
    private final OutboxWriter outbox;
    private final RunEventRows events;

    public RunStateWriter(JdbcClient jdbc, Dialect dialect, Clock clock, RunNotifier notifier, OutboxWriter outbox) {
        this(jdbc, dialect, clock, notifier, outbox, null);
    }

    /** {@code atCommit} (null: at once) batches the first events of runs created in one transaction. */
    public RunStateWriter(JdbcClient jdbc, Dialect dialect, Clock clock, RunNotifier notifier, OutboxWriter outbox,
                          InsertsAtCommit atCommit) {
        this.jdbc = jdbc;
        this.dialect = dialect;
        this.clock = clock;
        this.notifier = notifier;
        this.outbox = outbox;
        this.events = new RunEventRows(jdbc, atCommit);
    }

    private record RunRow(long seq, UUID teamId, String title, String sessionId) {
    }

    /** A recorded change: the run's version after it and the seq of its state event. */
    public record Change(UUID runId, RunState from, RunState to, long version, long eventSeq, Instant at) {
    }

    /**
     * Records the creation of a run the caller just inserted in this transaction with state QUEUED
     * and last_event_seq = 1: its state event seq 1 and the announcements of {@link #recordState},
     * without a second write of the new row (no other transaction can see it before the commit).
     * The event row is written at the commit, batched with those of the other runs created in the
     * same (group-committed) transaction: nothing reads it before.
     */
    public void recordCreated(UUID runId, UUID teamId, String title, Instant at) {
        events.insertAtCommit(runId, 1, EventType.STATE, at, StateEventData.of(RunState.QUEUED, null));
        outbox.stateChanged(new StateChange(teamId, runId, title, null, RunState.QUEUED, at, null, null));
        notifier.runQueued();
    }

    /**
     * Records that the caller just moved {@code runId} from {@code from} (null: the run was just
     * created) to {@code to} in this transaction: appends the state event and announces the change.
     * The seq increment also locks the run row until commit, so a run's events are serialised.
     *
     * @return the seq of the state event
     */
    public long recordState(UUID runId, RunState from, RunState to, StatusMessage status, Instant at) {
        String update = "UPDATE runs SET last_event_seq = last_event_seq + 1 WHERE id = :id";
        RunRow row = jdbc.sql(dialect.updateReturning(update, "last_event_seq, team_id, title, session_id"))
                .param("id", runId)
                .query((rs, n) -> new RunRow(rs.getLong(1), rs.getObject(2, UUID.class), rs.getString(3),
                        rs.getString(4)))
                .optional()
                .orElseThrow(() -> new IllegalStateException("run " + runId + " does not exist"));
        events.insert(runId, row.seq(), EventType.STATE, at, StateEventData.of(to, status));
        outbox.stateChanged(new StateChange(row.teamId(), runId, row.title(), from, to, at, status, row.sessionId()));
        if (to == RunState.QUEUED) {
            notifier.runQueued();
        }
        return row.seq();
    }

    /**
     * A move the caller already made in this transaction by one UPDATE that also incremented
     * {@code last_event_seq} (and returned it as {@code eventSeq}), e.g. the worker's batch claim and
     * its final transition: recording it needs no second write of the run row.
     */
    public record Moved(UUID runId, UUID teamId, String title, String sessionId, RunState from, RunState to,
                        StatusMessage status, long eventSeq, Instant at) {
    }

    /**
     * Records moves whose row UPDATE already took their event seq ({@link Moved}): their state events
     * and the announcements of {@link #recordState}, in the caller's transaction (invariants 5 and 6).
     * The events are written at the commit, in one batch with the other such rows of the transaction
     * (a batch claim's, or the finishes the group commit put together): nothing reads them before.
     */
    public void recordMoved(List<Moved> moves) {
        boolean queued = false;
        for (Moved m : moves) {
            events.insertAtCommit(m.runId(), m.eventSeq(), EventType.STATE, m.at(), StateEventData.of(m.to(), m.status()));
            outbox.stateChanged(new StateChange(m.teamId(), m.runId(), m.title(), m.from(), m.to(), m.at(), m.status(),
                    m.sessionId()));
            queued |= m.to() == RunState.QUEUED;
        }
        if (queued) {
            notifier.runQueued();
        }
    }

    /**
     * Moves {@code runId} to {@code to} when the table allows it from its current state and, when
     * {@code expectedVersion} is given, its version matches (a stale writer changes nothing:
     * invariant 2; a final state never changes: invariant 4). Sets updated_at, started_at (first
     * INPROGRESS), finished_at (final states), the status message when given, version + 1, then
     * {@link #recordState}. Guarded by StoreContractTest.stateChangesBumpVersionAndAppendTheNextStateEvent.
     *
     * @return the change, or empty when the guard did not hold and nothing was written
     */
    public Optional<Change> transition(UUID runId, RunState to, Long expectedVersion, StatusMessage status) {
        Instant now = SqlTime.now(clock);
        Optional<RunState> current = jdbc.sql("SELECT state FROM runs WHERE id = :id FOR UPDATE")
                .param("id", runId)
                .query((rs, n) -> RunState.valueOf(rs.getString(1)))
                .optional();
        if (current.isEmpty() || !RunTransitions.isAllowed(current.get(), to)) {
            return Optional.empty();
        }
        RunState from = current.get();
        List<String> sets = new ArrayList<>(List.of("state = :to", "updated_at = :now", "version = version + 1"));
        if (to == RunState.INPROGRESS) {
            sets.add("started_at = COALESCE(started_at, :now)");
        }
        if (to.isFinal()) {
            sets.add("finished_at = :now");
        }
        if (status != null) {
            sets.addAll(List.of("status_message = :msg", "status_error_code = :code", "status_retryable = :retryable"));
        }
        // The state guard repeats the check in SQL, so the row cannot have moved since it was read.
        String update = "UPDATE runs SET " + String.join(", ", sets) + " WHERE id = :id AND state = :from"
                + (expectedVersion != null ? " AND version = :version" : "");
        JdbcClient.StatementSpec spec = jdbc.sql(dialect.updateReturning(update, "version"))
                .param("to", to.name())
                .param("now", SqlTime.bind(now))
                .param("id", runId)
                .param("from", from.name());
        if (status != null) {
            spec = spec.param("msg", status.message())
                    .param("code", status.errorCode().wireName())
                    .param("retryable", status.retryable());
        }
        if (expectedVersion != null) {
            spec = spec.param("version", expectedVersion);
        }
        Optional<Long> version = spec.query(Long.class).optional();
        return version.map(v -> new Change(runId, from, to, v, recordState(runId, from, to, status, now), now));
    }
}
