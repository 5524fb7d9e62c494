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
import java.time.Clock;
import java.time.Instant;
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
    private static final String CLAIM_SET = "UPDATE runs SET state = 'INPROGRESS', started_at = :now, worker_id = :worker, "
            + "lease_expires_at = :until, version = version + 1, updated_at = :now, cancel_requested = FALSE";
    private static final String CLAIM_RETURNS = "id, team_id, version";

    private final JdbcClient jdbc;
    private final TransactionTemplate tx;
    private final Dialect dialect;
    private final RunStateWriter stateWriter;
    private final RunNotifier notifier;
    private final RunQueueSettings settings;
    private final Clock clock;

    public JdbcRunQueue(Database db, RunStateWriter stateWriter, RunNotifier notifier, RunQueueSettings settings,
                        Clock clock) {
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
     * The oldest QUEUED run of the pool whose team is below its cap. A fixed SQL fragment per pool
     * kind and cap on/off; every value is a bound parameter.
     */
    private String candidate(String workerHost, boolean forUpdate) {
        return "SELECT q.id FROM runs q WHERE q.state = 'QUEUED' AND "
                + (workerHost == null ? "q.worker_host IS NULL" : "q.worker_host = :host")
                + (settings.teamMaxInProgress() > 0
                    ? " AND (SELECT COUNT(*) FROM runs b WHERE b.team_id = q.team_id AND b.state = 'INPROGRESS') < :cap"
                    : "")
                + " ORDER BY q.created_at, q.id LIMIT 1" + (forUpdate ? " FOR UPDATE SKIP LOCKED" : "");
    }

    @Override
    public Optional<Lease> claim(String workerId, String workerHost) {
        Instant now = QueueSql.now(clock);
        Instant until = now.plus(settings.lease());
        return tx.execute(status -> {
            Optional<Lease> claimed = dialect == Dialect.POSTGRESQL
                    ? claimPostgres(workerId, workerHost, now, until)
                    : claimH2(workerId, workerHost, now, until);
            // The claim statement made the move; the state writer records it (state event, outbox).
            claimed.ifPresent(l -> stateWriter.recordState(l.runId(), RunState.QUEUED, RunState.INPROGRESS, null, now));
            return claimed;
        });
    }

    /** One statement: the candidate is locked (skipping rows other workers hold) and moved. */
    private Optional<Lease> claimPostgres(String workerId, String workerHost, Instant now, Instant until) {
        String sql = CLAIM_SET + " WHERE id = (" + candidate(workerHost, true) + ") AND state = 'QUEUED' RETURNING "
                + CLAIM_RETURNS;
        return claimQuery(sql, workerId, workerHost, now, until, null);
    }

    /**
     * H2 (one process): the candidate row is locked with SKIP LOCKED, then moved by a guarded
     * update in the same transaction; FINAL TABLE returns the new version.
     */
    private Optional<Lease> claimH2(String workerId, String workerHost, Instant now, Instant until) {
        JdbcClient.StatementSpec pick = jdbc.sql(candidate(workerHost, true));
        if (workerHost != null) {
            pick = pick.param("host", workerHost);
        }
        if (settings.teamMaxInProgress() > 0) {
            pick = pick.param("cap", settings.teamMaxInProgress());
        }
        Optional<UUID> id = pick.query(UUID.class).optional();
        if (id.isEmpty()) {
            return Optional.empty();
        }
        String sql = dialect.updateReturning(CLAIM_SET + " WHERE id = :id AND state = 'QUEUED'", CLAIM_RETURNS);
        return claimQuery(sql, workerId, null, now, until, id.get());
    }

    private Optional<Lease> claimQuery(String sql, String workerId, String workerHost, Instant now, Instant until,
                                       UUID id) {
        JdbcClient.StatementSpec spec = jdbc.sql(sql)
                .param("now", QueueSql.bind(now))
                .param("worker", workerId)
                .param("until", QueueSql.bind(until));
        if (id != null) {
            spec = spec.param("id", id);
        } else {
            if (workerHost != null) {
                spec = spec.param("host", workerHost);
            }
            if (settings.teamMaxInProgress() > 0) {
                spec = spec.param("cap", settings.teamMaxInProgress());
            }
        }
        return spec.query((rs, n) -> new Lease(rs.getObject("id", UUID.class), rs.getObject("team_id", UUID.class),
                workerId, rs.getLong("version"))).optional();
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

    @Override
    public void markStarted(Lease lease, String sessionId) {
        int n = jdbc.sql("UPDATE runs SET session_id = :session WHERE id = :id AND version = :version "
                        + "AND worker_id = :worker AND state = 'INPROGRESS'")
                .param("session", sessionId)
                .param("id", lease.runId())
                .param("version", lease.version())
                .param("worker", lease.workerId())
                .update();
        if (n == 0) {
            throw lost(lease);
        }
    }

    @Override
    public void finish(Lease lease, RunOutcome outcome) {
        RunState to = switch (outcome) {
            case RunOutcome.Succeeded s -> RunState.SUCCEEDED;
            case RunOutcome.Failed f -> RunState.FAILED;
            case RunOutcome.Cancelled c -> RunState.CANCELLED;
        };
        StatusMessage status = outcome instanceof RunOutcome.Failed f ? f.status() : null;
        String output = outcome instanceof RunOutcome.Succeeded s ? s.output() : null;
        List<Artifact> artifacts = switch (outcome) {
            case RunOutcome.Succeeded s -> s.artifacts();
            case RunOutcome.Failed f -> f.artifacts();
            case RunOutcome.Cancelled c -> List.of();
        };
        Usage usage = outcome.usage() == null ? Usage.NONE : outcome.usage();
        Instant now = QueueSql.now(clock);
        tx.executeWithoutResult(st -> {
            // Guarded by the lease version: a stale worker's final state changes nothing (invariant 2).
            RunStateWriter.Change change = stateWriter.transition(lease.runId(), to, lease.version(), status)
                    .orElseThrow(() -> lost(lease));
            jdbc.sql("UPDATE runs SET lease_expires_at = NULL, output = :output, input_tokens = :in_tokens, "
                            + "output_tokens = :out_tokens, inference_cost = :inference, compute_cost = :compute "
                            + "WHERE id = :id AND version = :version")
                    .param("output", output)
                    .param("in_tokens", usage.inputTokens())
                    .param("out_tokens", usage.outputTokens())
                    .param("inference", usage.inferenceCost())
                    .param("compute", usage.computeCost())
                    .param("id", lease.runId())
                    .param("version", change.version())
                    .update();
            insertArtifacts(lease.runId(), artifacts, now);
        });
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

    private HeldRun heldRun(java.sql.ResultSet rs, int n) throws java.sql.SQLException {
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
