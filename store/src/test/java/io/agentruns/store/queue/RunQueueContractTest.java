package io.agentruns.store.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentruns.core.engine.CancelResult;
import io.agentruns.core.engine.HeartbeatResult;
import io.agentruns.core.engine.Lease;
import io.agentruns.core.error.ApiException;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.event.EventType;
import io.agentruns.core.event.RunEvent;
import io.agentruns.core.harness.LeaseLostException;
import io.agentruns.core.harness.RunOutcome;
import io.agentruns.core.run.Artifact;
import io.agentruns.core.run.StatusMessage;
import io.agentruns.core.run.Usage;
import io.agentruns.store.Database;
import io.agentruns.store.run.RunStateWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The queue and event log against a real database; subclasses pick H2 or PostgreSQL. */
abstract class RunQueueContractTest {
    static final Duration LEASE = Duration.ofSeconds(30);
    static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    Database db;
    MutableClock clock;
    QueueFixtures fixtures;
    JdbcRunQueue queue;
    JdbcEventLog events;
    QueueFixtures.TeamRef teamA;
    QueueFixtures.TeamRef teamB;

    abstract Database openDatabase();

    void closeDatabase() {
        db.close();
    }

    @BeforeEach
    void setUp() {
        db = openDatabase();
        clock = new MutableClock(T0);
        fixtures = new QueueFixtures(db);
        queue = queueWithCap(0);
        events = new JdbcEventLog(db, clock);
        teamA = fixtures.team("a", T0);
        teamB = fixtures.team("b", T0);
    }

    @AfterEach
    void tearDown() {
        closeDatabase();
    }

    JdbcRunQueue queueWithCap(int cap) {
        // State events written at the commit, batched, as the service's Store does.
        return new JdbcRunQueue(db, new RunStateWriter(db.jdbc(), db.dialect(), clock, RunNotifier.NONE,
                io.agentruns.core.outbox.OutboxWriter.NONE, new io.agentruns.store.tx.InsertsAtCommit(
                        new org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate(db.dataSource()))),
                RunNotifier.NONE,
                new RunQueueSettings(LEASE, cap), clock);
    }

    Map<String, Object> row(UUID id) {
        return db.jdbc().sql("SELECT * FROM runs WHERE id = :id").param("id", id).query().singleRow();
    }

    String state(UUID id) {
        return (String) row(id).get(db.dialect() == io.agentruns.store.Dialect.H2 ? "STATE" : "state");
    }

    Object col(UUID id, String column) {
        Map<String, Object> r = row(id);
        Object v = r.get(column);
        return v != null ? v : r.get(column.toUpperCase());
    }

    Instant instantCol(UUID id, String column) {
        return db.jdbc().sql("SELECT " + column + " FROM runs WHERE id = :id").param("id", id)
                .query((rs, n) -> QueueSql.read(rs, column)).single();
    }

    List<RunEvent> allEvents(QueueFixtures.TeamRef team, UUID run) {
        return events.read(team.teamId(), run, 0, 1000).orElseThrow();
    }

    @Test
    void claimTakesTheOldestQueuedRunAndWritesItsStateEvent() {
        UUID older = fixtures.queuedRun(teamA, null, T0.minusSeconds(10));
        fixtures.queuedRun(teamA, null, T0.minusSeconds(5));
        clock.advance(Duration.ofSeconds(1));

        Lease lease = queue.claim("w1", null).orElseThrow();

        assertThat(lease.runId()).isEqualTo(older);
        assertThat(lease.teamId()).isEqualTo(teamA.teamId());
        assertThat(lease.version()).isEqualTo(1);
        assertThat(state(older)).isEqualTo("INPROGRESS");
        assertThat(col(older, "worker_id")).isEqualTo("w1");
        assertThat(instantCol(older, "started_at")).isEqualTo(T0.plusSeconds(1));
        assertThat(instantCol(older, "updated_at")).isEqualTo(T0.plusSeconds(1));
        assertThat(instantCol(older, "lease_expires_at")).isEqualTo(T0.plusSeconds(1).plus(LEASE));
        List<RunEvent> log = allEvents(teamA, older);
        assertThat(log).extracting(RunEvent::seq).containsExactly(1L, 2L);
        assertThat(log.get(1).type()).isEqualTo(EventType.STATE);
        assertThat(log.get(1).data()).containsEntry("state", "INPROGRESS");
    }

    @Test
    void emptyQueueClaimsNothing() {
        assertThat(queue.claim("w1", null)).isEmpty();
    }

    @Test
    void workerHostRoutesRunsToTheirPoolOnly() {
        UUID routed = fixtures.queuedRun(teamA, "gpu-1", T0.minusSeconds(10));
        UUID unrouted = fixtures.queuedRun(teamA, null, T0.minusSeconds(5));

        assertThat(queue.claim("other", "gpu-2")).isEmpty();
        assertThat(queue.claim("default", null).orElseThrow().runId()).isEqualTo(unrouted);
        assertThat(queue.claim("default", null)).isEmpty();
        assertThat(queue.claim("gpu", "gpu-1").orElseThrow().runId()).isEqualTo(routed);
    }

    @Test
    void teamCapSkipsTeamsAtTheirLimitAndKeepsOthersGoing() {
        JdbcRunQueue capped = queueWithCap(2);
        UUID a1 = fixtures.queuedRun(teamA, null, T0.minusSeconds(10));
        UUID a2 = fixtures.queuedRun(teamA, null, T0.minusSeconds(9));
        UUID a3 = fixtures.queuedRun(teamA, null, T0.minusSeconds(8));
        UUID b1 = fixtures.queuedRun(teamB, null, T0.minusSeconds(7));

        assertThat(capped.claim("w", null).orElseThrow().runId()).isEqualTo(a1);
        Lease second = capped.claim("w", null).orElseThrow();
        assertThat(second.runId()).isEqualTo(a2);
        assertThat(capped.claim("w", null).orElseThrow().runId()).isEqualTo(b1);
        assertThat(capped.claim("w", null)).isEmpty();
        assertThat(state(a3)).isEqualTo("QUEUED");

        capped.finish(second, new RunOutcome.Succeeded("ok", Usage.NONE, List.of()));
        assertThat(capped.claim("w", null).orElseThrow().runId()).isEqualTo(a3);
    }

    @Test
    void heartbeatRenewsTheLeaseWithoutTouchingUpdatedAtAndReportsCancel() {
        UUID run = fixtures.queuedRun(teamA, null, T0);
        Lease lease = queue.claim("w1", null).orElseThrow();
        clock.advance(Duration.ofSeconds(10));

        assertThat(queue.heartbeat(lease)).isEqualTo(HeartbeatResult.RENEWED);
        assertThat(instantCol(run, "lease_expires_at")).isEqualTo(T0.plusSeconds(10).plus(LEASE));
        assertThat(instantCol(run, "updated_at")).isEqualTo(T0);

        assertThat(queue.requestCancel(teamA.teamId(), run)).isEqualTo(CancelResult.SIGNALLED);
        assertThat(instantCol(run, "updated_at")).isEqualTo(T0);
        assertThat(queue.heartbeat(lease)).isEqualTo(HeartbeatResult.CANCEL_REQUESTED);
        assertThat(queue.isCancelRequested(run)).isTrue();
    }

    @Test
    void finishWritesFinalStateStatusUsageArtifactsAndEvent() {
        UUID run = fixtures.queuedRun(teamA, null, T0);
        Lease lease = queue.claim("w1", null).orElseThrow();
        queue.markStarted(lease, "sess-1");
        events.append(lease, EventType.MODEL_MESSAGE, Map.of("text", "hi"));
        clock.advance(Duration.ofSeconds(3));

        queue.finish(lease, new RunOutcome.Failed(new StatusMessage("boom", ErrorCode.INTERNAL_ERROR, true),
                new Usage(10, 20, 0.5, 0.25), List.of(new Artifact("PLAN", T0, Map.of("text", "plan")))));

        assertThat(state(run)).isEqualTo("FAILED");
        assertThat(col(run, "status_message")).isEqualTo("boom");
        assertThat(col(run, "status_error_code")).isEqualTo("internal_error");
        assertThat(col(run, "session_id")).isEqualTo("sess-1");
        assertThat(((Number) col(run, "input_tokens")).longValue()).isEqualTo(10);
        assertThat(instantCol(run, "finished_at")).isEqualTo(T0.plusSeconds(3));
        assertThat(instantCol(run, "updated_at")).isEqualTo(T0.plusSeconds(3));
        assertThat(db.jdbc().sql("SELECT COUNT(*) FROM run_artifacts WHERE run_id = :id").param("id", run)
                .query(Long.class).single()).isEqualTo(1);
        List<RunEvent> log = allEvents(teamA, run);
        assertThat(log).extracting(RunEvent::seq).containsExactly(1L, 2L, 3L, 4L);
        assertThat(log.get(3).data()).containsEntry("state", "FAILED").containsKey("status_message");
    }

    /** Invariant 2: a worker whose lease was taken over changes nothing. */
    @Test
    void staleWorkerChangesNothing() {
        UUID run = fixtures.queuedRun(teamA, null, T0);
        Lease stale = queue.claim("w1", null).orElseThrow();
        // w1 stops heartbeating before its harness started: the reaper queues the run again and w2 takes it.
        clock.advance(LEASE.plusSeconds(1));
        assertThat(queue.reapExpired(10)).isEqualTo(1);
        assertThat(state(run)).isEqualTo("QUEUED");
        Lease fresh = queue.claim("w2", null).orElseThrow();
        assertThat(fresh.version()).isGreaterThan(stale.version());
        Map<String, Object> before = row(run);
        int eventsBefore = allEvents(teamA, run).size();

        assertThat(queue.heartbeat(stale)).isEqualTo(HeartbeatResult.LOST);
        assertThatThrownBy(() -> queue.markStarted(stale, "stale-session")).isInstanceOf(LeaseLostException.class);
        assertThatThrownBy(() -> events.append(stale, EventType.OUTPUT, Map.of("text", "x")))
                .isInstanceOf(LeaseLostException.class);
        assertThatThrownBy(() -> queue.finish(stale, new RunOutcome.Succeeded("x", Usage.NONE, List.of())))
                .isInstanceOf(LeaseLostException.class);
        assertThatThrownBy(() -> queue.release(stale, new StatusMessage("x", ErrorCode.INTERNAL_ERROR, true)))
                .isInstanceOf(LeaseLostException.class);

        assertThat(row(run)).isEqualTo(before);
        assertThat(allEvents(teamA, run)).hasSize(eventsBefore);
        // The current holder still can write.
        queue.finish(fresh, new RunOutcome.Succeeded("done", Usage.NONE, List.of()));
        assertThat(state(run)).isEqualTo("SUCCEEDED");
    }

    /** Invariant 3: an expired INPROGRESS run that had started ends FAILED, retryable. */
    @Test
    void reaperFailsStartedRunsAndRequeuesUnstartedOnes() {
        UUID started = fixtures.queuedRun(teamA, null, T0.minusSeconds(2));
        UUID unstarted = fixtures.queuedRun(teamA, null, T0.minusSeconds(1));
        UUID alive = fixtures.queuedRun(teamA, null, T0);
        Lease l1 = queue.claim("dead", null).orElseThrow();
        queue.markStarted(l1, "s1");
        queue.claim("dead", null).orElseThrow();
        clock.advance(LEASE.minusSeconds(5));
        Lease l3 = queue.claim("alive", null).orElseThrow();
        assertThat(l3.runId()).isEqualTo(alive);

        assertThat(queue.reapExpired(10)).isZero();
        clock.advance(Duration.ofSeconds(6));
        assertThat(queue.reapExpired(10)).isEqualTo(2);

        assertThat(state(started)).isEqualTo("FAILED");
        assertThat(col(started, "status_error_code")).isEqualTo("resource_unavailable");
        assertThat(col(started, "status_retryable")).isEqualTo(true);
        assertThat((String) col(started, "status_message")).startsWith("worker lost");
        assertThat(instantCol(started, "updated_at")).isEqualTo(clock.instant().truncatedTo(java.time.temporal.ChronoUnit.MILLIS));
        assertThat(state(unstarted)).isEqualTo("QUEUED");
        assertThat(col(unstarted, "worker_id")).isNull();
        assertThat(state(alive)).isEqualTo("INPROGRESS");
        assertThat(allEvents(teamA, started).getLast().data()).containsEntry("state", "FAILED");
        assertThat(allEvents(teamA, unstarted).getLast().data()).containsEntry("state", "QUEUED");
    }

    @Test
    void releaseRequeuesUnstartedAndFailsStartedRuns() {
        UUID a = fixtures.queuedRun(teamA, null, T0.minusSeconds(2));
        UUID b = fixtures.queuedRun(teamA, null, T0.minusSeconds(1));
        Lease la = queue.claim("w", null).orElseThrow();
        Lease lb = queue.claim("w", null).orElseThrow();
        queue.markStarted(lb, "s-b");
        StatusMessage stopped = new StatusMessage("worker lost: stopped", ErrorCode.RESOURCE_UNAVAILABLE, true);

        queue.release(la, stopped);
        queue.release(lb, stopped);

        assertThat(state(a)).isEqualTo("QUEUED");
        assertThat(state(b)).isEqualTo("FAILED");
        assertThat(col(b, "status_retryable")).isEqualTo(true);
    }

    @Test
    void cancelOfQueuedRunEndsItAtOnce() {
        UUID run = fixtures.queuedRun(teamA, null, T0);
        clock.advance(Duration.ofSeconds(1));
        assertThat(queue.requestCancel(teamA.teamId(), run)).isEqualTo(CancelResult.CANCELLED);
        assertThat(state(run)).isEqualTo("CANCELLED");
        assertThat(instantCol(run, "updated_at")).isEqualTo(T0.plusSeconds(1));
        assertThat(queue.claim("w", null)).isEmpty();
        assertThat(allEvents(teamA, run).getLast().data()).containsEntry("state", "CANCELLED");
    }

    @Test
    void cancelOfFinalRunIsConflictAndOfOtherTeamsRunIsNotFound() {
        UUID run = fixtures.queuedRun(teamA, null, T0);
        queue.requestCancel(teamA.teamId(), run);
        assertThatThrownBy(() -> queue.requestCancel(teamA.teamId(), run))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.kind()).isEqualTo(ApiException.Kind.CONFLICT));
        UUID other = fixtures.queuedRun(teamA, null, T0);
        assertThatThrownBy(() -> queue.requestCancel(teamB.teamId(), other))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.kind()).isEqualTo(ApiException.Kind.NOT_FOUND));
        assertThatThrownBy(() -> queue.requestCancel(teamA.teamId(), UUID.randomUUID()))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.kind()).isEqualTo(ApiException.Kind.NOT_FOUND));
        assertThat(state(other)).isEqualTo("QUEUED");
    }

    @Test
    void reapedStartedRunWithPendingCancelEndsCancelled() {
        UUID run = fixtures.queuedRun(teamA, null, T0);
        Lease lease = queue.claim("dead", null).orElseThrow();
        queue.markStarted(lease, "s");
        queue.requestCancel(teamA.teamId(), run);
        clock.advance(LEASE.plusSeconds(1));
        assertThat(queue.reapExpired(10)).isEqualTo(1);
        assertThat(state(run)).isEqualTo("CANCELLED");
    }

    @Test
    void releasedRunWithPendingCancelEndsCancelled() {
        UUID run = fixtures.queuedRun(teamA, null, T0);
        Lease lease = queue.claim("w", null).orElseThrow();
        queue.requestCancel(teamA.teamId(), run);
        queue.release(lease, new StatusMessage("x", ErrorCode.RESOURCE_UNAVAILABLE, true));
        assertThat(state(run)).isEqualTo("CANCELLED");
    }

    @Test
    void eventsAreGapFreeAndPagedAndTenantScoped() {
        UUID run = fixtures.queuedRun(teamA, null, T0);
        Lease lease = queue.claim("w", null).orElseThrow();
        for (int i = 0; i < 10; i++) {
            assertThat(events.append(lease, EventType.MODEL_MESSAGE, Map.of("text", "m" + i))).isEqualTo(3L + i);
        }
        List<RunEvent> page = events.read(teamA.teamId(), run, 4, 3).orElseThrow();
        assertThat(page).extracting(RunEvent::seq).containsExactly(5L, 6L, 7L);
        assertThat(page.getFirst().data()).containsEntry("text", "m2");
        assertThat(events.read(teamB.teamId(), run, 0, 10)).isEmpty();
        assertThat(events.read(teamA.teamId(), UUID.randomUUID(), 0, 10)).isEmpty();
    }

    /** Invariant 2 under contention: concurrent claimers never get the same run. */
    @Test
    void concurrentClaimersNeverShareARun() throws Exception {
        int runs = 200;
        for (int i = 0; i < runs; i++) {
            fixtures.queuedRun(i % 2 == 0 ? teamA : teamB, null, T0.plusMillis(i));
        }
        List<UUID> claimed = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                String worker = "w" + t;
                futures.add(pool.submit(() -> {
                    Optional<Lease> lease;
                    while ((lease = queue.claim(worker, null)).isPresent()) {
                        claimed.add(lease.get().runId());
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        Set<UUID> distinct = new HashSet<>(claimed);
        assertThat(claimed).hasSize(runs);
        assertThat(distinct).hasSize(runs);
    }

    @Test
    void batchClaimTakesTheOldestRunsInOneTransactionWithTheirStateEvents() {
        List<UUID> runs = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            runs.add(fixtures.queuedRun(i % 2 == 0 ? teamA : teamB, null, T0.minusSeconds(10 - i)));
        }
        clock.advance(Duration.ofSeconds(1));

        List<Lease> first = queue.claim("w1", null, 3);

        assertThat(first).extracting(Lease::runId).containsExactlyElementsOf(runs.subList(0, 3));
        for (Lease lease : first) {
            assertThat(lease.version()).isEqualTo(1);
            assertThat(lease.workerId()).isEqualTo("w1");
            assertThat(state(lease.runId())).isEqualTo("INPROGRESS");
            assertThat(instantCol(lease.runId(), "lease_expires_at")).isEqualTo(T0.plusSeconds(1).plus(LEASE));
            QueueFixtures.TeamRef team = lease.teamId().equals(teamA.teamId()) ? teamA : teamB;
            List<RunEvent> log = allEvents(team, lease.runId());
            assertThat(log).extracting(RunEvent::seq).containsExactly(1L, 2L);
            assertThat(log.get(1).data()).containsEntry("state", "INPROGRESS");
            assertThat(((Number) col(lease.runId(), "last_event_seq")).longValue()).isEqualTo(2);
        }
        assertThat(queue.claim("w1", null, 3)).extracting(Lease::runId).containsExactlyElementsOf(runs.subList(3, 5));
        assertThat(queue.claim("w1", null, 3)).isEmpty();
    }

    @Test
    void batchClaimKeepsEveryTeamWithinItsCap() {
        JdbcRunQueue capped = queueWithCap(2);
        UUID a1 = fixtures.queuedRun(teamA, null, T0.minusSeconds(10));
        UUID a2 = fixtures.queuedRun(teamA, null, T0.minusSeconds(9));
        UUID a3 = fixtures.queuedRun(teamA, null, T0.minusSeconds(8));
        UUID b1 = fixtures.queuedRun(teamB, null, T0.minusSeconds(7));
        UUID b2 = fixtures.queuedRun(teamB, null, T0.minusSeconds(6));
        UUID b3 = fixtures.queuedRun(teamB, null, T0.minusSeconds(5));
        Lease a1Lease = capped.claim("w", null).orElseThrow();
        assertThat(a1Lease.runId()).isEqualTo(a1);

        // Team A has one INPROGRESS run, so one more; team B two; nothing else although 10 were asked for.
        assertThat(capped.claim("w", null, 10)).extracting(Lease::runId).containsExactly(a2, b1, b2);
        assertThat(state(a3)).isEqualTo("QUEUED");
        assertThat(state(b3)).isEqualTo("QUEUED");
        assertThat(capped.claim("w", null, 10)).isEmpty();

        capped.finish(a1Lease, new RunOutcome.Succeeded("ok", Usage.NONE, List.of()));
        assertThat(capped.claim("w", null, 10)).extracting(Lease::runId).containsExactly(a3);
    }

    /** Invariant 2 in a batch: a stale lease writes nothing and does not stop the other runs of the batch. */
    @Test
    void staleLeaseInABatchedFinishChangesNothingAndTheOthersFinish() {
        UUID r1 = fixtures.queuedRun(teamA, null, T0.minusSeconds(3));
        UUID r2 = fixtures.queuedRun(teamA, null, T0.minusSeconds(2));
        UUID r3 = fixtures.queuedRun(teamB, null, T0.minusSeconds(1));
        List<Lease> leases = queue.claim("w1", null, 3);
        assertThat(leases).extracting(Lease::runId).containsExactly(r1, r2, r3);
        // r2's lease is taken over: expired, queued again by the reaper, claimed by w2.
        for (Lease l : List.of(leases.get(0), leases.get(2))) {
            queue.markStarted(l, "s-" + l.runId());
        }
        clock.advance(LEASE.plusSeconds(1));
        queue.heartbeat(leases.get(0));
        queue.heartbeat(leases.get(2));
        assertThat(queue.reapExpired(10)).isEqualTo(1);
        Lease fresh = queue.claim("w2", null).orElseThrow();
        assertThat(fresh.runId()).isEqualTo(r2);
        Map<String, Object> before = row(r2);
        int eventsBefore = allEvents(teamA, r2).size();

        List<Boolean> written = queue.finishAll(List.of(
                new JdbcRunQueue.Finishing(leases.get(0), new RunOutcome.Succeeded("one", new Usage(1, 2, 0.0, 0.0), List.of())),
                new JdbcRunQueue.Finishing(leases.get(1), new RunOutcome.Succeeded("stale", Usage.NONE, List.of())),
                new JdbcRunQueue.Finishing(leases.get(2), new RunOutcome.Failed(
                        new StatusMessage("boom", ErrorCode.INTERNAL_ERROR, false), Usage.NONE, List.of()))));

        assertThat(written).containsExactly(true, false, true);
        assertThat(row(r2)).isEqualTo(before);
        assertThat(allEvents(teamA, r2)).hasSize(eventsBefore);
        assertThat(state(r1)).isEqualTo("SUCCEEDED");
        assertThat(col(r1, "output")).isEqualTo("one");
        assertThat(col(r1, "lease_expires_at")).isNull();
        assertThat(((Number) col(r1, "output_tokens")).longValue()).isEqualTo(2);
        assertThat(allEvents(teamA, r1)).extracting(RunEvent::seq).containsExactly(1L, 2L, 3L);
        assertThat(allEvents(teamA, r1).getLast().data()).containsEntry("state", "SUCCEEDED");
        assertThat(state(r3)).isEqualTo("FAILED");
        assertThat(col(r3, "status_message")).isEqualTo("boom");
        assertThat(allEvents(teamB, r3).getLast().data()).containsEntry("state", "FAILED").containsKey("status_message");
        // The current holder still can write.
        queue.finish(fresh, new RunOutcome.Succeeded("done", Usage.NONE, List.of()));
        assertThat(state(r2)).isEqualTo("SUCCEEDED");
    }

    /** Invariant 2 under contention: concurrent batch claimers never get the same run, and get them all. */
    @Test
    void concurrentBatchClaimersNeverShareARun() throws Exception {
        int runs = 300;
        for (int i = 0; i < runs; i++) {
            fixtures.queuedRun(i % 3 == 0 ? teamA : teamB, null, T0.plusMillis(i));
        }
        List<UUID> claimed = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < 6; t++) {
                String worker = "w" + t;
                int max = 1 + t * 2;
                futures.add(pool.submit(() -> {
                    List<Lease> batch;
                    while (!(batch = queue.claim(worker, null, max)).isEmpty()) {
                        assertThat(batch.size()).isLessThanOrEqualTo(max);
                        batch.forEach(l -> claimed.add(l.runId()));
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(claimed).hasSize(runs);
        assertThat(new HashSet<>(claimed)).hasSize(runs);
        assertThat(db.jdbc().sql("SELECT COUNT(*) FROM run_events WHERE seq = 2 AND event_type = 'state'")
                .query(Long.class).single()).isEqualTo(runs);
    }

    /**
     * Invariant 2 through the group commit: finishes from many threads share transactions; the stale
     * ones are refused and change nothing, the others all commit.
     */
    @Test
    void concurrentFinishesWithStaleLeasesFinishExactlyTheHeldRuns() throws Exception {
        int runs = 24;
        for (int i = 0; i < runs; i++) {
            fixtures.queuedRun(teamA, null, T0.minusSeconds(runs - i));
        }
        List<Lease> held = new ArrayList<>(queue.claim("w1", null, runs));
        assertThat(held).hasSize(runs);
        // Every third run is taken over: its lease expires (no heartbeat), the reaper queues it again, w2 claims it.
        List<Lease> stale = new ArrayList<>();
        clock.advance(LEASE.plusSeconds(1));
        for (int i = 0; i < runs; i++) {
            if (i % 3 == 0) {
                stale.add(held.get(i));
            } else {
                assertThat(queue.heartbeat(held.get(i))).isEqualTo(HeartbeatResult.RENEWED);
            }
        }
        assertThat(queue.reapExpired(100)).isEqualTo(stale.size());
        assertThat(queue.claim("w2", null, runs)).hasSize(stale.size());
        Map<UUID, Map<String, Object>> staleBefore = new java.util.HashMap<>();
        stale.forEach(l -> staleBefore.put(l.runId(), row(l.runId())));

        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<Boolean>> results = new ArrayList<>();
        try {
            for (Lease lease : held) {
                results.add(pool.submit(() -> {
                    try {
                        queue.finish(lease, new RunOutcome.Succeeded("out-" + lease.runId(), Usage.NONE, List.of()));
                        return true;
                    } catch (LeaseLostException e) {
                        return false;
                    }
                }));
            }
            for (int i = 0; i < runs; i++) {
                assertThat(results.get(i).get()).as("run %d written", i).isEqualTo(i % 3 != 0);
            }
        } finally {
            pool.shutdownNow();
        }
        for (int i = 0; i < runs; i++) {
            UUID run = held.get(i).runId();
            if (i % 3 == 0) {
                assertThat(row(run)).isEqualTo(staleBefore.get(run));
            } else {
                assertThat(state(run)).isEqualTo("SUCCEEDED");
                assertThat(col(run, "output")).isEqualTo("out-" + run);
                assertThat(allEvents(teamA, run)).extracting(RunEvent::seq).containsExactly(1L, 2L, 3L);
            }
        }
    }
}
