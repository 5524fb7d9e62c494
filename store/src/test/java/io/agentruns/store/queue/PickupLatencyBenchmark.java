package io.agentruns.store.queue;

import io.agentruns.core.engine.InProcessRunSignals;
import io.agentruns.core.engine.RunSignals;
import io.agentruns.core.engine.Worker;
import io.agentruns.core.engine.WorkerSettings;
import io.agentruns.core.harness.Harness;
import io.agentruns.core.harness.RunOutcome;
import io.agentruns.core.run.AgentConfig;
import io.agentruns.core.run.Usage;
import io.agentruns.core.harness.HarnessRun;
import io.agentruns.store.Database;
import io.agentruns.store.Dialect;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Measures QUEUED -> INPROGRESS pickup latency (runs.started_at - runs.created_at) over many runs
 * created one at a time, each after the previous one was picked up, so the figure is the wake-up
 * path (NOTIFY or in-process signal, then the claim), not queueing. Prints p50/p99/max; asserts nothing.
 */
final class PickupLatencyBenchmark {
    private PickupLatencyBenchmark() {
    }

    static String run(Database db, int runs, Duration interval) throws InterruptedException {
        InProcessRunSignals inProcess = new InProcessRunSignals();
        boolean pg = db.dialect() == Dialect.POSTGRESQL;
        RunNotifier notifier = pg ? new PgRunNotifier(db.jdbc()) : new InProcessRunNotifier(inProcess);
        QueueFixtures fixtures = new QueueFixtures(db, notifier);
        QueueFixtures.TeamRef team = fixtures.team("bench", Instant.now());
        RunSignals signals = pg ? new PgRunSignals(db.dataSource()) : inProcess;
        JdbcRunQueue queue = new JdbcRunQueue(db, new io.agentruns.store.run.RunStateWriter(db.jdbc(), db.dialect(),
                Clock.systemUTC(), notifier, io.agentruns.core.outbox.OutboxWriter.NONE), notifier,
                new RunQueueSettings(Duration.ofSeconds(30), 0), Clock.systemUTC());
        JdbcEventLog events = new JdbcEventLog(db, Clock.systemUTC());
        java.util.concurrent.Semaphore picked = new java.util.concurrent.Semaphore(0);
        Harness instant = (run, sink, cancel) -> new Harness.PreparedRun() {
            @Override
            public RunOutcome execute(io.agentruns.core.harness.EventSink s, io.agentruns.core.harness.CancellationToken c) {
                picked.release();
                return new RunOutcome.Succeeded("ok", Usage.NONE, List.of());
            }

            @Override
            public void close() {
            }
        };
        Worker worker = new Worker(queue, events, instant,
                (teamId, runId, session) -> new HarnessRun(runId, teamId, session, "t", "p", AgentConfig.empty(), null),
                signals, new WorkerSettings("bench", null, 8, Duration.ofSeconds(10), Duration.ofSeconds(5),
                Duration.ofSeconds(5), Duration.ofSeconds(5)), Clock.systemUTC());
        worker.start();
        try {
            Thread.sleep(300); // the LISTEN connection is up before the first run
            for (int i = 0; i < runs; i++) {
                fixtures.queuedRun(team, null, Instant.now()); // announced at commit, as create does
                // Closed loop: the next run is created once this one was picked up (plus a short gap),
                // so the figure is the wake-up path and not a backlog on a busy machine.
                picked.tryAcquire(30, java.util.concurrent.TimeUnit.SECONDS);
                Thread.sleep(interval.toMillis());
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (db.jdbc().sql("SELECT COUNT(*) FROM runs WHERE state <> 'SUCCEEDED'").query(Long.class).single() > 0
                    && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
        } finally {
            worker.stop();
        }
        List<Long> latencies = db.jdbc().sql("SELECT created_at, started_at FROM runs WHERE started_at IS NOT NULL")
                .query((rs, n) -> Duration.between(QueueSql.read(rs, "created_at"), QueueSql.read(rs, "started_at")).toMillis())
                .list().stream().sorted().toList();
        String line = String.format("pickup latency %s: n=%d p50=%d ms p99=%d ms max=%d ms", db.dialect(),
                latencies.size(), pct(latencies, 50), pct(latencies, 99), latencies.getLast());
        System.out.println(line);
        return line;
    }

    private static long pct(List<Long> sorted, int p) {
        int idx = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, idx));
    }

}
