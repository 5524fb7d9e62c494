package io.agentruns.store.queue;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.core.engine.InProcessRunSignals;
import io.agentruns.core.engine.Worker;
import io.agentruns.core.engine.WorkerSettings;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.event.EventType;
import io.agentruns.core.harness.CancellationToken;
import io.agentruns.core.harness.EventSink;
import io.agentruns.core.harness.Harness;
import io.agentruns.core.harness.HarnessException;
import io.agentruns.core.harness.HarnessRun;
import io.agentruns.core.harness.RunOutcome;
import io.agentruns.core.outbox.OutboxWriter;
import io.agentruns.core.run.AgentConfig;
import io.agentruns.core.run.StatusMessage;
import io.agentruns.core.run.Usage;
import io.agentruns.store.Database;
import io.agentruns.store.DatabaseSettings;
import io.agentruns.store.run.RunStateWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine end to end in one JVM on H2: claim loop, in-process wake-ups (the slow poll is 5 s,
 * so a lost wake-up would show as a slow test), routing, team cap, cancel, graceful stop.
 */
@Timeout(90)
class WorkerH2Test {
    @TempDir
    Path dir;
    Database db;
    QueueFixtures fixtures;
    QueueFixtures.TeamRef team;
    InProcessRunSignals signals = new InProcessRunSignals();
    InProcessRunNotifier notifier = new InProcessRunNotifier(signals);
    JdbcRunQueue queue;
    JdbcEventLog events;
    final List<Worker> workers = new ArrayList<>();

    @BeforeEach
    void setUp() {
        db = Database.open(DatabaseSettings.embedded(dir));
        fixtures = new QueueFixtures(db, notifier);
        team = fixtures.team("t", Instant.now());
        queue = queueWithCap(0);
        events = new JdbcEventLog(db, Clock.systemUTC());
    }

    @AfterEach
    void tearDown() {
        workers.forEach(Worker::stop);
        db.close();
    }

    JdbcRunQueue queueWithCap(int cap) {
        return new JdbcRunQueue(db, new RunStateWriter(db.jdbc(), db.dialect(), Clock.systemUTC(), notifier,
                OutboxWriter.NONE), notifier, new RunQueueSettings(Duration.ofSeconds(3), cap), Clock.systemUTC());
    }

    Worker startWorker(JdbcRunQueue q, String host, Harness harness, int concurrency, Duration drain,
                       Duration cancelGrace) {
        WorkerSettings settings = new WorkerSettings("worker-" + workers.size(), host, concurrency,
                Duration.ofMillis(300), Duration.ofSeconds(5), drain, cancelGrace);
        Worker worker = new Worker(q, events, harness,
                (teamId, runId, session) -> new HarnessRun(runId, teamId, session, "t", "p", AgentConfig.empty(), null),
                signals, settings, Clock.systemUTC());
        workers.add(worker);
        worker.start();
        return worker;
    }

    Worker startWorker(Harness harness, int concurrency) {
        return startWorker(queue, null, harness, concurrency, Duration.ofSeconds(5), Duration.ofSeconds(5));
    }

    String state(UUID run) {
        return db.jdbc().sql("SELECT state FROM runs WHERE id = :id").param("id", run).query(String.class).single();
    }

    static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not reached in 30 s");
            }
            Thread.sleep(20);
        }
    }

    /** A harness that emits one event and succeeds, counting how often each run was handed to it. */
    static final class CountingHarness implements Harness {
        final Map<UUID, AtomicInteger> executions = new ConcurrentHashMap<>();

        @Override
        public PreparedRun prepare(HarnessRun run, EventSink sink, CancellationToken cancel) {
            executions.computeIfAbsent(run.runId(), k -> new AtomicInteger()).incrementAndGet();
            return new PreparedRun() {
                @Override
                public RunOutcome execute(EventSink events, CancellationToken cancel) {
                    events.emit(EventType.OUTPUT, Map.of("text", "done " + run.runId()));
                    return new RunOutcome.Succeeded("ok", new Usage(1, 2, 0, 0), List.of());
                }

                @Override
                public void close() {
                }
            };
        }
    }

    /** A harness that runs until cancelled (or forever when it ignores the token). */
    static final class BlockingHarness implements Harness {
        final Semaphore started = new Semaphore(0);
        final boolean honoursCancel;

        BlockingHarness(boolean honoursCancel) {
            this.honoursCancel = honoursCancel;
        }

        boolean awaitStarted(int runs) throws InterruptedException {
            return started.tryAcquire(runs, 20, TimeUnit.SECONDS);
        }

        @Override
        public PreparedRun prepare(HarnessRun run, EventSink sink, CancellationToken cancel) {
            return new PreparedRun() {
                @Override
                public RunOutcome execute(EventSink events, CancellationToken cancel) {
                    started.release();
                    CountDownLatch stop = new CountDownLatch(1);
                    if (honoursCancel) {
                        cancel.onCancel(stop::countDown);
                    }
                    try {
                        stop.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return new RunOutcome.Cancelled(Usage.NONE);
                }

                @Override
                public void close() {
                }
            };
        }
    }

    @Test
    void everyRunIsExecutedExactlyOnceAndSucceeds() throws Exception {
        CountingHarness harness = new CountingHarness();
        startWorker(harness, 4);
        startWorker(harness, 4);
        List<UUID> runs = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            runs.add(fixtures.queuedRun(team, null, Instant.now()));
        }
        await(() -> db.jdbc().sql("SELECT COUNT(*) FROM runs WHERE state = 'SUCCEEDED'").query(Long.class).single() == 60);
        assertThat(harness.executions).hasSize(60);
        assertThat(harness.executions.values()).allMatch(c -> c.get() == 1);
        var log = events.read(team.teamId(), runs.getFirst(), 0, 100).orElseThrow();
        assertThat(log).extracting(e -> e.data().get("state")).containsExactly("QUEUED", "INPROGRESS", null, "SUCCEEDED");
    }

    @Test
    void workerHostRoutesRunsToTheMatchingWorkerOnly() throws Exception {
        CountingHarness defaultPool = new CountingHarness();
        CountingHarness gpuPool = new CountingHarness();
        startWorker(defaultPool, 2);
        startWorker(queue, "gpu", gpuPool, 2, Duration.ofSeconds(1), Duration.ofSeconds(1));
        UUID plain = fixtures.queuedRun(team, null, Instant.now());
        UUID gpu = fixtures.queuedRun(team, "gpu", Instant.now());
        UUID nowhere = fixtures.queuedRun(team, "tpu", Instant.now());

        await(() -> state(plain).equals("SUCCEEDED") && state(gpu).equals("SUCCEEDED"));

        assertThat(defaultPool.executions.keySet()).containsExactly(plain);
        assertThat(gpuPool.executions.keySet()).containsExactly(gpu);
        assertThat(state(nowhere)).isEqualTo("QUEUED");
    }

    @Test
    void teamCapKeepsExtraRunsQueuedWhileOtherTeamsProceed() throws Exception {
        BlockingHarness harness = new BlockingHarness(true);
        startWorker(queueWithCap(2), null, harness, 6, Duration.ofSeconds(1), Duration.ofSeconds(1));
        QueueFixtures.TeamRef other = fixtures.team("other", Instant.now());
        List<UUID> mine = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            mine.add(fixtures.queuedRun(team, null, Instant.now().minusSeconds(10 - i)));
        }
        UUID theirs = fixtures.queuedRun(other, null, Instant.now());

        assertThat(harness.awaitStarted(3)).isTrue();

        assertThat(mine.stream().map(this::state).toList()).containsExactly("INPROGRESS", "INPROGRESS", "QUEUED", "QUEUED");
        assertThat(state(theirs)).isEqualTo("INPROGRESS");
        // One of the team's runs ends: the next one of the same team starts.
        queue.requestCancel(team.teamId(), mine.getFirst());
        await(() -> state(mine.get(2)).equals("INPROGRESS"));
        assertThat(state(mine.get(3))).isEqualTo("QUEUED");
    }

    @Test
    void cancelOfInProgressRunStopsTheHarnessAndEndsCancelled() throws Exception {
        BlockingHarness harness = new BlockingHarness(true);
        startWorker(harness, 1);
        UUID run = fixtures.queuedRun(team, null, Instant.now());
        assertThat(harness.awaitStarted(1)).isTrue();

        queue.requestCancel(team.teamId(), run);

        await(() -> state(run).equals("CANCELLED"));
    }

    /** The fast path (notification) lost: the heartbeat still carries the cancel to the worker. */
    @Test
    void cancelReachesTheWorkerThroughTheHeartbeatWithoutANotification() throws Exception {
        BlockingHarness harness = new BlockingHarness(true);
        startWorker(harness, 1);
        UUID run = fixtures.queuedRun(team, null, Instant.now());
        assertThat(harness.awaitStarted(1)).isTrue();
        JdbcRunQueue silent = new JdbcRunQueue(db, new RunStateWriter(db.jdbc(), db.dialect(), Clock.systemUTC(),
                RunNotifier.NONE, OutboxWriter.NONE), RunNotifier.NONE, new RunQueueSettings(Duration.ofSeconds(3), 0),
                Clock.systemUTC());

        silent.requestCancel(team.teamId(), run);

        await(() -> state(run).equals("CANCELLED"));
    }

    @Test
    void cancelledHarnessThatIgnoresTheSignalIsEndedByTheEngine() throws Exception {
        BlockingHarness harness = new BlockingHarness(false);
        startWorker(queue, null, harness, 1, Duration.ofMillis(100), Duration.ofMillis(500));
        UUID run = fixtures.queuedRun(team, null, Instant.now());
        assertThat(harness.awaitStarted(1)).isTrue();

        queue.requestCancel(team.teamId(), run);

        await(() -> state(run).equals("CANCELLED"));
    }

    @Test
    void gracefulStopReleasesStartedRunsAsFailedRetryable() throws Exception {
        BlockingHarness harness = new BlockingHarness(false);
        Worker worker = startWorker(queue, null, harness, 1, Duration.ofMillis(200), Duration.ofSeconds(5));
        UUID run = fixtures.queuedRun(team, null, Instant.now());
        assertThat(harness.awaitStarted(1)).isTrue();

        worker.stop();

        assertThat(state(run)).isEqualTo("FAILED");
        assertThat(db.jdbc().sql("SELECT status_retryable FROM runs WHERE id = :id").param("id", run)
                .query(Boolean.class).single()).isTrue();
    }

    @Test
    void harnessFailureEndsFailedWithItsStatus() throws Exception {
        Harness failing = (run, sink, cancel) -> {
            throw new HarnessException(new StatusMessage("clone failed", ErrorCode.ENVIRONMENT_SETUP_FAILED, false));
        };
        startWorker(failing, 1);
        UUID run = fixtures.queuedRun(team, null, Instant.now());
        await(() -> state(run).equals("FAILED"));
        assertThat(db.jdbc().sql("SELECT status_error_code FROM runs WHERE id = :id").param("id", run)
                .query(String.class).single()).isEqualTo("environment_setup_failed");
    }
}
