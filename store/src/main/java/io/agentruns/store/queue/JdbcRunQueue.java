package io.agentruns.store.queue;

import io.agentruns.core.engine.CancelResult;
import io.agentruns.core.engine.HeartbeatResult;
import io.agentruns.core.engine.Lease;
import io.agentruns.core.engine.RunQueue;
import io.agentruns.core.error.ApiException;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.harness.LeaseLostException;
import io.agentruns.core.harness.RunOutcome;
import io.agentruns.core.run.Artifact;
import io.agentruns.core.run.RunState;
import io.agentruns.core.run.StatusMessage;
import io.agentruns.core.run.Usage;
import io.agentruns.store.Database;
import io.agentruns.store.Dialect;
import io.agentruns.store.run.RunStateWriter;
import io.agentruns.store.tx.GroupCommit;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The run table as a queue, for H2 and PostgreSQL. Every move is guarded in SQL by the expected
 * state and, for a worker's writes, by its lease version (invariant 2, guarded by
 * RunQueueContractTest#staleWorkerChangesNothing); every move goes through {@link RunStateWriter},
 * which writes its state event in the same transaction and moves {@code updated_at}; heartbeats,
 * markStarted and event appends do not (invariant 4).
 */
public final class JdbcRunQueue implements RunQueue {
    /** The claim's move; it also takes the seq of the claim's state event, so the row is written once. */
    private static final String CLAIM_SET = "UPDATE runs SET state = 'INPROGRESS', started_at = :now, worker_id = :worker, "
            + "lease_expires_at = :until, version = version + 1, updated_at = :now, cancel_requested = FALSE, "
            + "last_event_seq = last_event_seq + 1";
    private static final String CLAIM_RETURNS = "id, team_id, version, last_event_seq, title, session_id, created_at";

    private final JdbcClient jdbc;
    private final TransactionTemplate tx;
    private final Dialect dialect;
    private final RunStateWriter stateWriter;
    private final RunNotifier notifier;
    private final RunQueueSettings settings;
    private final Clock clock;
    private final GroupCommit groupCommit;

    /** For tests of the queue alone: worker writes get a group commit of their own. */
    public JdbcRunQueue(Database db, RunStateWriter stateWriter, RunNotifier notifier, RunQueueSettings settings,
                        Clock clock) {
        this(db, stateWriter, notifier, settings, clock, new GroupCommit(db.transactionManager()));
    }

    /**
     * {@code groupCommit} shares transactions among the writes of runs that end (or start) at about
     * the same time, and with creates when it is the store's: one commit, one NOTIFY wait, for many.
     */
    public JdbcRunQueue(Database db, RunStateWriter stateWriter, RunNotifier notifier, RunQueueSettings settings,
                        Clock clock, GroupCommit groupCommit) {
        this.groupCommit = groupCommit;
        this.jdbc = db.jdbc();
        this.tx = db.transactions();
        this.dialect = db.dialect();
        this.notifier = notifier;
        this.stateWriter = stateWriter;
        this.settings = settings;
        this.clock = clock;
    }

    public RunQueueSettings settings() {
        return settings;
    }

    /**
     * The oldest {@code :n} QUEUED runs of the pool whose team is below its cap, locked, skipping rows
     * other claimers hold. With the cap on it also yields each team's INPROGRESS count ({@code busy}),
     * so that the caller can keep a batch within the cap. A fixed SQL fragment per pool kind and cap
     * on/off; every value is a bound parameter.
     */
    private String candidates(String workerHost, boolean idsOnly) {
        String busy = "(SELECT COUNT(*) FROM runs b WHERE b.team_id = q.team_id AND b.state = 'INPROGRESS')";
        boolean capped = settings.teamMaxInProgress() > 0;
        return "SELECT q.id" + (idsOnly ? "" : ", q.team_id" + (capped ? ", " + busy + " AS busy" : ""))
                + " FROM runs q WHERE q.state = 'QUEUED' AND "
                + (workerHost == null ? "q.worker_host IS NULL" : "q.worker_host = :host")
                + (capped ? " AND " + busy + " < :cap" : "")
                + " ORDER BY q.created_at, q.id LIMIT :n FOR UPDATE SKIP LOCKED";
    }

    @Override
    public List<Lease> claim(String workerId, String workerHost, int max) {
        if (max < 1) {
            throw new IllegalArgumentException("claim at least one run, asked for " + max);
        }
        Instant now = QueueSql.now(clock);
        Instant until = now.plus(settings.lease());
        return tx.execute(status -> {
            List<Claimed> claimed = dialect == Dialect.POSTGRESQL && settings.teamMaxInProgress() == 0
                    ? claimInOneStatement(workerId, workerHost, max, now, until)
                    : claimLockedCandidates(workerId, workerHost, max, now, until);
            // The claim statement made the moves and took their event seqs; the state writer records them.
            stateWriter.recordMoved(claimed.stream().map(c -> new RunStateWriter.Moved(c.id(), c.teamId(), c.title(),
                    c.sessionId(), RunState.QUEUED, RunState.INPROGRESS, null, c.eventSeq(), now)).toList());
            return claimed.stream().map(c -> new Lease(c.id(), c.teamId(), workerId, c.version())).toList();
        });
    }

    /** A row the claim moved, as its UPDATE returned it. */
    private record Claimed(UUID id, UUID teamId, long version, long eventSeq, String title, String sessionId,
                           Instant createdAt) {
    }

    /**
     * PostgreSQL without a team cap: one statement locks up to {@code max} candidates (skipping rows
     * other workers hold) and moves them; {@code ARRAY(...)} makes the candidate query run exactly once.
     */
    private List<Claimed> claimInOneStatement(String workerId, String workerHost, int max, Instant now,
                                              Instant until) {
        String sql = CLAIM_SET + " WHERE id = ANY(ARRAY(" + candidates(workerHost, true) + ")) AND state = 'QUEUED' "
                + "RETURNING " + CLAIM_RETURNS;
        JdbcClient.StatementSpec spec = claimParams(jdbc.sql(sql), workerId, now, until).param("n", max);
        if (workerHost != null) {
            spec = spec.param("host", workerHost);
        }
        return oldestFirst(spec.query(this::claimed).list());
    }

    /**
     * H2, or a team cap: the candidates are locked first (SKIP LOCKED), trimmed so that no team goes
     * past its cap, and moved by a guarded update in the same transaction. The cap is counted by this
     * transaction; claims of one process are serialised by its claim loop.
     */
    private List<Claimed> claimLockedCandidates(String workerId, String workerHost, int max, Instant now,
                                                Instant until) {
        int cap = settings.teamMaxInProgress();
        JdbcClient.StatementSpec pick = jdbc.sql(candidates(workerHost, false)).param("n", max);
        if (workerHost != null) {
            pick = pick.param("host", workerHost);
        }
        if (cap > 0) {
            pick = pick.param("cap", cap);
        }
        Map<UUID, Integer> inProgress = new HashMap<>();
        List<UUID> ids = new ArrayList<>();
        for (Candidate c : pick.query((rs, n) -> new Candidate(rs.getObject("id", UUID.class),
                rs.getObject("team_id", UUID.class), cap > 0 ? rs.getInt("busy") : 0)).list()) {
            if (cap > 0) {
                int busy = inProgress.getOrDefault(c.teamId(), c.busy());
                if (busy >= cap) {
                    continue;
                }
                inProgress.put(c.teamId(), busy + 1);
            }
            ids.add(c.id());
        }
        if (ids.isEmpty()) {
            return List.of();
        }
        String sql = dialect.updateReturning(CLAIM_SET + " WHERE id IN (:ids) AND state = 'QUEUED'", CLAIM_RETURNS);
        return oldestFirst(claimParams(jdbc.sql(sql), workerId, now, until).param("ids", ids)
                .query(this::claimed).list());
    }

    /** A locked candidate of {@link #claimLockedCandidates}; {@code busy}: its team's INPROGRESS count (cap on). */
    private record Candidate(UUID id, UUID teamId, int busy) {
    }

    private static JdbcClient.StatementSpec claimParams(JdbcClient.StatementSpec spec, String workerId, Instant now,
                                                        Instant until) {
        return spec.param("now", QueueSql.bind(now))
                .param("worker", workerId)
                .param("until", QueueSql.bind(until));
    }

    private Claimed claimed(ResultSet rs, int n) throws SQLException {
        return new Claimed(rs.getObject("id", UUID.class), rs.getObject("team_id", UUID.class), rs.getLong("version"),
                rs.getLong("last_event_seq"), rs.getString("title"), rs.getString("session_id"),
                QueueSql.read(rs, "created_at"));
    }

    private static List<Claimed> oldestFirst(List<Claimed> claimed) {
        return claimed.stream().sorted(Comparator.comparing(Claimed::createdAt).thenComparing(Claimed::id))
                .toList();
    }

    @Override
    public HeartbeatResult heartbeat(Lease lease) {
        Instant until = QueueSql.now(clock).plus(settings.lease());
        String update = "UPDATE runs SET lease_expires_at = :until WHERE id = :id AND version = :version "
                + "AND worker_id = :worker AND state = 'INPROGRESS'";
        Optional<Boolean> cancel = jdbc.sql(dialect.updateReturning(update, "cancel_requested"))
                .param("until", QueueSql.bind(until))
                .param("id", lease.runId())
                .param("version", lease.version())
                .param("worker", lease.workerId())
                .query(Boolean.class)
                .optional();
        if (cancel.isEmpty()) {
            return HeartbeatResult.LOST;
        }
        return cancel.get() ? HeartbeatResult.CANCEL_REQUESTED : HeartbeatResult.RENEWED;
    }

    /** Through the group commit: runs that start together share one transaction. */
    @Override
    public void markStarted(Lease lease, String sessionId) {
        int n = groupCommit.execute(() -> jdbc.sql("UPDATE runs SET session_id = :session WHERE id = :id "
                        + "AND version = :version AND worker_id = :worker AND state = 'INPROGRESS'")
                .param("session", sessionId)
                .param("id", lease.runId())
                .param("version", lease.version())
                .param("worker", lease.workerId())
                .update());
        if (n == 0) {
            throw lost(lease);
        }
    }

    /** A lease's final write: the outcome the harness (or the engine) decided. */
    public record Finishing(Lease lease, RunOutcome outcome) {
    }

    /**
     * Through the group commit: runs that end at about the same time share one transaction. A lost
     * lease is an answer of its unit, not an exception, so it never makes the batch roll back.
     */
    @Override
    public void finish(Lease lease, RunOutcome outcome) {
        boolean written = groupCommit.execute(() -> finishInTransaction(lease, outcome, QueueSql.now(clock)));
        if (!written) {
            throw lost(lease);
        }
    }

    /**
     * Writes the final state of each run in one transaction (one commit for all). Each is guarded by
     * its own lease version: a lost lease writes nothing for that run (invariant 2) and does not stop
     * the others. Returns, in order, whether each was written.
     */
    public List<Boolean> finishAll(List<Finishing> finishing) {
        Instant now = QueueSql.now(clock);
        return tx.execute(st -> finishing.stream().map(f -> finishInTransaction(f.lease(), f.outcome(), now)).toList());
    }

    /** One run's final write in the caller's transaction; false (nothing written) when the lease is lost. */
    private boolean finishInTransaction(Lease lease, RunOutcome outcome, Instant now) {
        Optional<RunStateWriter.Moved> move = finalMove(lease, outcome, now);
        move.ifPresent(m -> {
            insertArtifacts(m.runId(), artifactsOf(outcome), now);
            stateWriter.recordMoved(List.of(m));
        });
        return move.isPresent();
    }

    /**
     * The final transition, output, usage and the end of the lease in one UPDATE guarded by the
     * lease version (a stale worker's final state changes nothing: invariant 2), which also takes the
     * seq of the state event. INPROGRESS -> final is always allowed (RunTransitions).
     */
    private Optional<RunStateWriter.Moved> finalMove(Lease lease, RunOutcome outcome, Instant now) {
        RunState to = switch (outcome) {
            case RunOutcome.Succeeded s -> RunState.SUCCEEDED;
            case RunOutcome.Failed f -> RunState.FAILED;
            case RunOutcome.Cancelled c -> RunState.CANCELLED;
        };
        StatusMessage status = outcome instanceof RunOutcome.Failed f ? f.status() : null;
        String output = outcome instanceof RunOutcome.Succeeded s ? s.output() : null;
        Usage usage = outcome.usage() == null ? Usage.NONE : outcome.usage();
        String update = "UPDATE runs SET state = :to, updated_at = :now, finished_at = :now, version = version + 1, "
                + "last_event_seq = last_event_seq + 1, lease_expires_at = NULL, output = :output, "
                + "input_tokens = :in_tokens, output_tokens = :out_tokens, inference_cost = :inference, "
                + "compute_cost = :compute"
                + (status != null ? ", status_message = :msg, status_error_code = :code, status_retryable = :retryable" : "")
                + " WHERE id = :id AND state = 'INPROGRESS' AND version = :version";
        JdbcClient.StatementSpec spec = jdbc.sql(dialect.updateReturning(update, "last_event_seq, team_id, title, session_id"))
                .param("to", to.name())
                .param("now", QueueSql.bind(now))
                .param("output", output)
                .param("in_tokens", usage.inputTokens())
                .param("out_tokens", usage.outputTokens())
                .param("inference", usage.inferenceCost())
                .param("compute", usage.computeCost())
                .param("id", lease.runId())
                .param("version", lease.version());
        if (status != null) {
            spec = spec.param("msg", status.message())
                    .param("code", status.errorCode().wireName())
                    .param("retryable", status.retryable());
        }
        return spec.query((rs, n) -> new RunStateWriter.Moved(lease.runId(), rs.getObject("team_id", UUID.class),
                        rs.getString("title"), rs.getString("session_id"), RunState.INPROGRESS, to, status,
                        rs.getLong("last_event_seq"), now))
                .optional();
    }

    private static List<Artifact> artifactsOf(RunOutcome outcome) {
        return switch (outcome) {
            case RunOutcome.Succeeded s -> s.artifacts();
            case RunOutcome.Failed f -> f.artifacts();
            case RunOutcome.Cancelled c -> List.of();
        };
    }

    private void insertArtifacts(UUID runId, List<Artifact> artifacts, Instant now) {
        if (artifacts.isEmpty()) {
            return;
        }
        long seq = jdbc.sql("SELECT COALESCE(MAX(seq), 0) FROM run_artifacts WHERE run_id = :id")
                .param("id", runId).query(Long.class).single();
        for (Artifact a : artifacts) {
            jdbc.sql("INSERT INTO run_artifacts (run_id, seq, artifact_type, created_at, data) "
                            + "VALUES (:id, :seq, :type, :at, :data)")
                    .param("id", runId)
                    .param("seq", ++seq)
                    .param("type", a.artifactType())
                    .param("at", QueueSql.bind(a.createdAt() == null ? now : a.createdAt()))
                    .param("data", QueueSql.json(a.data()))
                    .update();
        }
    }

    @Override
    public void release(Lease lease, StatusMessage ifStarted) {
        Instant now = QueueSql.now(clock);
        boolean moved = Boolean.TRUE.equals(tx.execute(st -> jdbc.sql(
                        "SELECT id, version, session_id, cancel_requested FROM runs WHERE id = :id "
                                + "AND version = :version AND worker_id = :worker AND state = 'INPROGRESS' FOR UPDATE")
                .param("id", lease.runId())
                .param("version", lease.version())
                .param("worker", lease.workerId())
                .query(this::heldRun)
                .optional()
                .map(run -> giveBack(run, ifStarted, now))
                .orElse(false)));
        if (!moved) {
            throw lost(lease);
        }
    }

    @Override
    public int reapExpired(int limit) {
        Instant now = QueueSql.now(clock);
        Integer moved = tx.execute(st -> {
            List<HeldRun> expired = jdbc.sql("SELECT id, version, session_id, cancel_requested, worker_id FROM runs "
                            + "WHERE state = 'INPROGRESS' AND lease_expires_at < :now "
                            + "ORDER BY lease_expires_at LIMIT :limit FOR UPDATE SKIP LOCKED")
                    .param("now", QueueSql.bind(now))
                    .param("limit", limit)
                    .query((rs, n) -> new HeldRun(rs.getObject("id", UUID.class), rs.getLong("version"),
                            rs.getString("session_id"), rs.getBoolean("cancel_requested"), rs.getString("worker_id")))
                    .list();
            int count = 0;
            for (HeldRun run : expired) {
                StatusMessage status = new StatusMessage("worker lost: worker " + run.workerId()
                        + " stopped renewing its lease", ErrorCode.RESOURCE_UNAVAILABLE, true);
                if (giveBack(run, status, now)) {
                    count++;
                }
            }
            return count;
        });
        return moved == null ? 0 : moved;
    }

    private record HeldRun(UUID id, long version, String sessionId, boolean cancelRequested, String workerId) {
    }

    private HeldRun heldRun(ResultSet rs, int n) throws SQLException {
        return new HeldRun(rs.getObject("id", UUID.class), rs.getLong("version"), rs.getString("session_id"),
                rs.getBoolean("cancel_requested"), null);
    }

    /**
     * The reaper's rule, shared by graceful stop: a run with a pending cancel ends CANCELLED; a run
     * whose harness never started (no session) goes back to QUEUED; one that started is never re-run
     * and ends FAILED with {@code ifStarted}.
     */
    private boolean giveBack(HeldRun run, StatusMessage ifStarted, Instant now) {
        // A cancel that was asked for wins: the user wanted the run stopped, and it is.
        RunState to = run.cancelRequested() ? RunState.CANCELLED
                : run.sessionId() != null ? RunState.FAILED : RunState.QUEUED;
        StatusMessage status = to == RunState.FAILED ? ifStarted : null;
        Optional<RunStateWriter.Change> change = stateWriter.transition(run.id(), to, run.version(), status);
        change.ifPresent(c -> jdbc.sql(to == RunState.QUEUED
                        // Back in the queue as if never claimed (the new version already fences the old holder).
                        ? "UPDATE runs SET started_at = NULL, worker_id = NULL, lease_expires_at = NULL WHERE id = :id AND version = :version"
                        : "UPDATE runs SET lease_expires_at = NULL WHERE id = :id AND version = :version")
                .param("id", run.id()).param("version", c.version()).update());
        return change.isPresent();
    }

    @Override
    public CancelResult requestCancel(UUID teamId, UUID runId) {
        Instant now = QueueSql.now(clock);
        return tx.execute(st -> {
            Optional<String> state = jdbc.sql("SELECT state FROM runs WHERE id = :id AND team_id = :team FOR UPDATE")
                    .param("id", runId).param("team", teamId).query(String.class).optional();
            if (state.isEmpty()) {
                throw ApiException.notFound("run " + runId + " not found");
            }
            RunState current = RunState.valueOf(state.get());
            if (current.isFinal()) {
                throw ApiException.conflict("run " + runId + " is already " + current + " and cannot be cancelled");
            }
            if (current == RunState.QUEUED) {
                // The row is locked and QUEUED, so no worker can claim it meanwhile.
                stateWriter.transition(runId, RunState.CANCELLED, null, null)
                        .orElseThrow(() -> new IllegalStateException("locked QUEUED run " + runId + " did not move"));
                return CancelResult.CANCELLED;
            }
            // INPROGRESS: the worker holding it ends it; no transition yet, so neither version nor updated_at move.
            jdbc.sql("UPDATE runs SET cancel_requested = TRUE WHERE id = :id AND state = 'INPROGRESS'")
                    .param("id", runId).update();
            notifier.cancelRequested(runId);
            return CancelResult.SIGNALLED;
        });
    }

    @Override
    public boolean isCancelRequested(UUID runId) {
        return jdbc.sql("SELECT cancel_requested FROM runs WHERE id = :id").param("id", runId)
                .query(Boolean.class).optional().orElse(false);
    }

    private static LeaseLostException lost(Lease lease) {
        return new LeaseLostException("run " + lease.runId() + " is no longer held by worker " + lease.workerId()
                + " at version " + lease.version());
    }
}
