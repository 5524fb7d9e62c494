package io.agentruns.server.execution;

import io.agentruns.core.engine.InProcessRunSignals;
import io.agentruns.core.engine.Reaper;
import io.agentruns.core.engine.RunQueue;
import io.agentruns.core.engine.RunSignals;
import io.agentruns.core.engine.Worker;
import io.agentruns.core.engine.WorkerSettings;
import io.agentruns.core.environment.EnvironmentRepository;
import io.agentruns.core.event.EventLog;
import io.agentruns.core.harness.Harness;
import io.agentruns.core.run.RunRepository;
import io.agentruns.store.Database;
import io.agentruns.store.Dialect;
import io.agentruns.store.Store;
import io.agentruns.store.queue.InProcessRunNotifier;
import io.agentruns.store.queue.JdbcEventLog;
import io.agentruns.store.queue.JdbcRunQueue;
import io.agentruns.store.queue.PgRunNotifier;
import io.agentruns.store.queue.PgRunSignals;
import io.agentruns.store.queue.RunNotifier;
import io.agentruns.store.queue.RunQueueSettings;
import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Run execution: the queue and event log on the store, the wake-up signals (LISTEN/NOTIFY on
 * PostgreSQL, in-process on H2) and, unless {@code AGENTRUNS_WORKER_ENABLED=false}, the worker of
 * this process ({@code serve} and {@code worker} modes alike).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ExecutionProperties.class)
public class ExecutionConfig {
    private static final Logger log = LoggerFactory.getLogger(ExecutionConfig.class);

    @Bean
    public RunQueueSettings runQueueSettings(ExecutionProperties properties) {
        return new RunQueueSettings(Duration.ofSeconds(properties.leaseSeconds()), properties.teamMaxInprogress());
    }

    /** One per process: on H2 the store publishes here and the embedded worker listens. */
    @Bean
    public InProcessRunSignals inProcessRunSignals() {
        return new InProcessRunSignals();
    }

    @Bean
    public RunNotifier runNotifier(Database database, InProcessRunSignals inProcess) {
        return database.dialect() == Dialect.POSTGRESQL ? new PgRunNotifier(database.jdbc())
                : new InProcessRunNotifier(inProcess);
    }

    /**
     * Worker writes (start, finish) share transactions through the store's group commit, so that runs
     * ending and runs being created commit together.
     */
    @Bean
    public RunQueue runQueue(Database database, Store store, RunNotifier notifier, RunQueueSettings settings,
                             Clock clock) {
        return new JdbcRunQueue(database, store.stateWriter(), notifier, settings, clock, store.groupCommit());
    }

    @Bean
    public EventLog eventLog(Database database, Clock clock) {
        return new JdbcEventLog(database, clock);
    }

    @Bean
    @ConditionalOnProperty(prefix = "agentruns.worker", name = "enabled", havingValue = "true", matchIfMissing = true)
    public Worker worker(RunQueue queue, EventLog events, ObjectProvider<Harness> harnesses, RunRepository runs,
                         EnvironmentRepository environments, Database database, InProcessRunSignals inProcess,
                         ExecutionProperties properties, Clock clock,
                         org.springframework.core.env.Environment environment) {
        Harness harness = harnesses.getIfAvailable(() -> {
            log.warn("No agent harness is installed: runs will FAIL with feature_not_available");
            return new UnavailableHarness();
        });
        RunSignals signals = database.dialect() == Dialect.POSTGRESQL
                ? new PgRunSignals(database.dataSource()) : inProcess;
        if (database.dialect() == Dialect.H2 && environment.getProperty("agentruns.mode", "serve").equalsIgnoreCase("worker")) {
            log.warn("agentruns worker on the embedded H2 database: only this process can open it, so this worker "
                    + "cannot share runs with a separate API process; use PostgreSQL (AGENTRUNS_DATABASE_URL) for workers");
        }
        ExecutionProperties.Worker w = properties.worker();
        Duration lease = Duration.ofSeconds(properties.leaseSeconds());
        WorkerSettings settings = new WorkerSettings(workerId(), w.host(), w.concurrency(), lease.dividedBy(3),
                Duration.ofMillis(w.pollMillis()), Duration.ofSeconds(w.drainSeconds()),
                Duration.ofSeconds(w.cancelGraceSeconds()));
        return new Worker(queue, events, harness, new StoreHarnessRunLoader(runs, environments), signals, settings, clock);
    }

    @Bean
    @ConditionalOnProperty(prefix = "agentruns.worker", name = "enabled", havingValue = "true", matchIfMissing = true)
    WorkerLifecycle workerLifecycle(Worker worker) {
        return new WorkerLifecycle(worker);
    }

    /**
     * The reaper runs in every process, API-only ones included, so that runs of a dead worker are
     * finalised even when no other worker is up (invariant 3). Checks at half the lease length.
     */
    @Bean
    @ConditionalOnProperty(prefix = "agentruns.reaper", name = "enabled", havingValue = "true", matchIfMissing = true)
    public Reaper reaper(RunQueue queue, ExecutionProperties properties) {
        return new Reaper(queue, Duration.ofSeconds(properties.leaseSeconds()).dividedBy(2));
    }

    @Bean
    @ConditionalOnProperty(prefix = "agentruns.reaper", name = "enabled", havingValue = "true", matchIfMissing = true)
    ReaperLifecycle reaperLifecycle(Reaper reaper) {
        return new ReaperLifecycle(reaper);
    }

    /** Host name, process id and a random suffix: unique per process, readable in runs.worker_id. */
    private static String workerId() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            host = "unknown-host";
        }
        return host + "-" + ProcessHandle.current().pid() + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
