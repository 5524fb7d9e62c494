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
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
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
 * so a lost wake-up would show as a slow test), cancel, graceful stop.
 */
@Timeout(60)
class WorkerH2Test {
    @TempDir
    Path dir;
    Database db;
    QueueFixtures fixtures;
    QueueFixtures.TeamRef team;
    InProcessRunSignals signals = new InProcessRunSignals();
    JdbcRunQueue queue;
    JdbcEventLog events;
    Worker worker;

    @BeforeEach
    void setUp() {
        db = Database.open(DatabaseSettings.embedded(dir));
        InProcessRunNotifier notifier = new InProcessRunNotifier(signals);
        fixtures = new QueueFixtures(db, notifier);
        team = fixtures.team("t", Instant.now());
        queue = new JdbcRunQueue(db, new RunStateWriter(db.jdbc(), db.dialect(), Clock.systemUTC(), notifier,
                io.agentruns.core.outbox.OutboxWriter.NONE), notifier, new RunQueueSettings(Duration.ofSeconds(3), 0),
                Clock.systemUTC());
        events = new JdbcEventLog(db, Clock.systemUTC());
    }

    @AfterEach
    void tearDown() {
        if (worker != null) {
            worker.stop();
        }
        db.close();
    }

    void startWorker(Harness harness, int concurrency, Duration drain) {
        WorkerSettings settings = new WorkerSettings("test-worker", null, concurrency, Duration.ofMillis(300),
                Duration.ofSeconds(5), Duration.ofSeconds(1), drain, Duration.ofSeconds(5));
        worker = new Worker(queue, events, harness,
                (teamId, runId, session) -> new HarnessRun(runId, teamId, session, "t", "p", AgentConfig.empty(), null),
                signals, settings, Clock.systemUTC());
        worker.start();
    }

    String state(UUID run) {
        return db.jdbc().sql("SELECT state FROM runs WHERE id = :id").param("id", run).query(String.class).single();
    }

    static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not reached in 20 s");
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
        final CountDownLatch started = new CountDownLatch(1);
        final boolean honoursCancel;

        BlockingHarness(boolean honoursCancel) {
            this.honoursCancel = honoursCancel;
        }

        @Override
        public PreparedRun prepare(HarnessRun run, EventSink sink, CancellationToken cancel) {
            return new PreparedRun() {
                @Override
                public RunOutcome execute(EventSink events, CancellationToken cancel) {
                    started.countDown();
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
        startWorker(harness, 4, Duration.ofSeconds(5));
        List<UUID> runs = new java.util.ArrayList<>();
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
    void cancelOfInProgressRunStopsTheHarnessAndEndsCancelled() throws Exception {
        BlockingHarness harness = new BlockingHarness(true);
        startWorker(harness, 1, Duration.ofSeconds(5));
        UUID run = fixtures.queuedRun(team, null, Instant.now());
        assertThat(harness.started.await(10, TimeUnit.SECONDS)).isTrue();

        queue.requestCancel(team.teamId(), run);

        await(() -> state(run).equals("CANCELLED"));
    }

    @Test
    void cancelledHarnessThatIgnoresTheSignalIsEndedByTheEngine() throws Exception {
        BlockingHarness harness = new BlockingHarness(false);
        WorkerSettings settings = new WorkerSettings("w", null, 1, Duration.ofMillis(200), Duration.ofSeconds(5),
                Duration.ofSeconds(1), Duration.ofMillis(100), Duration.ofMillis(500));
        worker = new Worker(queue, events, harness,
                (teamId, runId, session) -> new HarnessRun(runId, teamId, session, "t", "p", AgentConfig.empty(), null),
                signals, settings, Clock.systemUTC());
        worker.start();
        UUID run = fixtures.queuedRun(team, null, Instant.now());
        assertThat(harness.started.await(10, TimeUnit.SECONDS)).isTrue();

        queue.requestCancel(team.teamId(), run);

        await(() -> state(run).equals("CANCELLED"));
    }

    @Test
    void gracefulStopReleasesStartedRunsAsFailedRetryable() throws Exception {
        BlockingHarness harness = new BlockingHarness(false);
        startWorker(harness, 1, Duration.ofMillis(200));
        UUID run = fixtures.queuedRun(team, null, Instant.now());
        assertThat(harness.started.await(10, TimeUnit.SECONDS)).isTrue();

        worker.stop();
        worker = null;

        assertThat(state(run)).isEqualTo("FAILED");
        assertThat(db.jdbc().sql("SELECT status_retryable FROM runs WHERE id = :id").param("id", run)
                .query(Boolean.class).single()).isTrue();
    }

    @Test
    void harnessFailureEndsFailedWithItsStatus() throws Exception {
        Harness failing = (run, sink, cancel) -> {
            throw new HarnessException(new StatusMessage("clone failed", ErrorCode.ENVIRONMENT_SETUP_FAILED, false));
        };
        startWorker(failing, 1, Duration.ofSeconds(1));
        UUID run = fixtures.queuedRun(team, null, Instant.now());
        await(() -> state(run).equals("FAILED"));
        assertThat(db.jdbc().sql("SELECT status_error_code FROM runs WHERE id = :id").param("id", run)
                .query(String.class).single()).isEqualTo("environment_setup_failed");
    }
}
