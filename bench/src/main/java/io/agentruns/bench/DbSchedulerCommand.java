package io.agentruns.bench;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.node.ObjectNode;

/**
 * Phase 4 (baseline): db-scheduler on the same PostgreSQL database with the same number of worker
 * threads executes {@code count} no-op one-time tasks, scheduled concurrently by
 * {@code producers} threads while it runs -- the same shape as the agentruns side (create while the
 * workers drain). Configured for its best throughput on PostgreSQL: lock-and-fetch polling
 * (SELECT ... FOR UPDATE SKIP LOCKED) and immediate execution of tasks due now.
 */
final class DbSchedulerCommand {
    private DbSchedulerCommand() {
    }

    static ObjectNode run(Options o) throws Exception {
        int threads = o.getInt("threads", 4);
        int count = o.getInt("count", 2000);
        int producers = o.getInt("producers", 16);
        Duration poll = Duration.ofMillis(o.getInt("poll-ms", 500));
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(o.get("jdbc"));
        config.setMaximumPoolSize(threads + producers + 2);
        AtomicLong executed = new AtomicLong();
        AtomicLong lastExecutedNanos = new AtomicLong();
        OneTimeTask<Void> task = Tasks.oneTime("bench-noop").execute((instance, context) -> {
            lastExecutedNanos.set(System.nanoTime());
            executed.incrementAndGet();
        });
        ObjectNode node = ServiceApi.JSON.createObjectNode();
        try (HikariDataSource dataSource = new HikariDataSource(config)) {
            Scheduler scheduler = Scheduler.create(dataSource, task)
                    .threads(threads)
                    .pollingInterval(poll)
                    .pollUsingLockAndFetch(0.5, 3.0)
                    .enableImmediateExecution()
                    .build();
            scheduler.start();
            long start = System.nanoTime();
            AtomicLong next = new AtomicLong();
            AtomicLong scheduleErrors = new AtomicLong();
            try (ExecutorService producerThreads = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int p = 0; p < producers; p++) {
                    producerThreads.submit(() -> {
                        long n;
                        while ((n = next.getAndIncrement()) < count) {
                            try {
                                scheduler.schedule(task.instance("run-" + n), Instant.now());
                            } catch (RuntimeException e) {
                                scheduleErrors.incrementAndGet();
                            }
                        }
                    });
                }
            }
            double scheduleSeconds = (System.nanoTime() - start) / 1e9;
            long deadline = System.nanoTime() + o.getSeconds("timeout", 120).toNanos();
            while (executed.get() < count && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            double seconds = (lastExecutedNanos.get() - start) / 1e9;
            scheduler.stop();
            node.put("tasks", count);
            node.put("completed", executed.get());
            node.put("schedule_errors", scheduleErrors.get());
            node.put("threads", threads);
            node.put("producers", producers);
            node.put("polling_interval_ms", poll.toMillis());
            node.put("schedule_rps", LatencyStats.round2(count / scheduleSeconds));
            node.put("seconds", LatencyStats.round2(seconds));
            node.put("runs_per_s", LatencyStats.round2(seconds <= 0 ? 0 : executed.get() / seconds));
            Bench.log("db-scheduler: " + executed.get() + " of " + count + " tasks in " + LatencyStats.round2(seconds)
                    + " s = " + node.get("runs_per_s").asDouble() + " tasks/s");
        }
        return node;
    }
}
