package io.agentruns.server.execution;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.server.Http;
import io.agentruns.store.testing.PostgresTestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * The cluster on PostgreSQL, as deployed: one API process (no embedded worker) and two worker
 * processes, all separate JVMs sharing the database. 1,000 runs are each executed exactly once
 * (invariant 2) and SUCCEED; a cancel sent to the API process reaches the worker process holding
 * the run. Prints the QUEUED -> INPROGRESS pickup latency seen across processes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class ClusterProcessTest {
    static final String KEY = "ar_test-cluster-admin-key-0123456789abcdef";
    static final int RUNS = 1000;

    PostgresTestDatabase pg;
    final List<ServiceProcess> processes = new ArrayList<>();
    ServiceProcess api;
    Http http;

    @BeforeAll
    void startCluster() throws Exception {
        pg = PostgresTestDatabase.create();
        Path data = Files.createTempDirectory("agentruns-cluster");
        List<String> common = List.of("--agentruns.database-url=" + pg.jdbcUrl(), "--agentruns.data-dir=" + data,
                "--agentruns.bootstrap-api-key=" + KEY, "--agentruns.lease-seconds=5",
                "--agentruns.test-harness.sleep-millis=5", "--agentruns.worker.concurrency=8",
                "--agentruns.worker.drain-seconds=2");
        api = start("cluster-api", "serve", common, "--agentruns.worker.enabled=false");
        // The API migrates the schema; workers start once it is there.
        api.awaitReady(Duration.ofMinutes(2));
        sql(TestHarness.TABLE_DDL);
        ServiceProcess w1 = start("cluster-worker-1", "worker", common);
        ServiceProcess w2 = start("cluster-worker-2", "worker", common);
        w1.awaitReady(Duration.ofMinutes(2));
        w2.awaitReady(Duration.ofMinutes(2));
        http = new Http(api.port(), KEY);
    }

    private ServiceProcess start(String name, String mode, List<String> common, String... extra) {
        List<String> settings = new ArrayList<>(common);
        settings.addAll(List.of(extra));
        ServiceProcess p = ServiceProcess.start(name, mode, settings);
        processes.add(p);
        return p;
    }

    @AfterAll
    void stopCluster() {
        processes.forEach(ServiceProcess::close);
        if (pg != null) {
            pg.close();
        }
    }

    @Test
    @Order(1)
    void thousandRunsAreEachExecutedExactlyOnceAndSucceed() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(8);
        try {
            List<Future<String>> created = new ArrayList<>();
            for (int i = 0; i < RUNS; i++) {
                int n = i;
                created.add(clients.submit(() -> ExecutionContract.create(http, "cluster task " + n, null)));
            }
            for (Future<String> f : created) {
                f.get();
            }
        } finally {
            clients.shutdownNow();
        }

        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
        while (count("SELECT COUNT(*) FROM runs WHERE state = 'SUCCEEDED'") < RUNS) {
            assertThat(System.nanoTime()).as("all runs SUCCEEDED in time; states: "
                    + rows("SELECT state || '=' || COUNT(*) FROM runs GROUP BY state")).isLessThan(deadline);
            assertThat(count("SELECT COUNT(*) FROM runs WHERE state IN ('FAILED', 'CANCELLED')")).isZero();
            Thread.sleep(250);
        }

        assertThat(count("SELECT COUNT(*) FROM runs")).isEqualTo(RUNS);
        assertThat(count("SELECT COUNT(*) FROM test_harness_executions")).as("harness invocations").isEqualTo(RUNS);
        assertThat(count("SELECT COUNT(DISTINCT run_id) FROM test_harness_executions")).isEqualTo(RUNS);
        assertThat(count("SELECT COUNT(DISTINCT pid) FROM test_harness_executions")).as("both workers worked").isEqualTo(2);
        // Invariant 5 under concurrency: every run's log is gap-free (seq 1..n).
        assertThat(count("SELECT COUNT(*) FROM (SELECT run_id FROM run_events GROUP BY run_id "
                + "HAVING COUNT(*) <> MAX(seq) OR MIN(seq) <> 1) gaps")).isZero();
        List<String> latency = rows("SELECT (percentile_disc(0.5) WITHIN GROUP (ORDER BY ms))::bigint || ' ms p50, ' "
                + "|| (percentile_disc(0.99) WITHIN GROUP (ORDER BY ms))::bigint || ' ms p99' FROM "
                + "(SELECT EXTRACT(EPOCH FROM (started_at - created_at)) * 1000 AS ms FROM runs) t");
        System.out.println("cluster pickup latency (burst of " + RUNS + " creates, 2 workers x 8): " + latency);
        Files.writeString(Path.of("target", "cluster-pickup-latency.txt"), latency + System.lineSeparator());
    }

    @Test
    @Order(2)
    void cancelThroughTheApiReachesTheWorkerProcessHoldingTheRun() throws Exception {
        String id = ExecutionContract.create(http, "block until cancelled", null);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (count("SELECT COUNT(*) FROM test_harness_executions WHERE run_id = '" + id + "'") == 0) {
            assertThat(System.nanoTime()).as("run started on a worker").isLessThan(deadline);
            Thread.sleep(50);
        }
        assertThat(ExecutionContract.state(http, id)).isEqualTo("INPROGRESS");

        Http.Response r = http.post("/api/v1/agent/runs/" + id + "/cancel", "");

        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        while (!ExecutionContract.state(http, id).equals("CANCELLED")) {
            assertThat(System.nanoTime()).as("run CANCELLED").isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    long count(String query) throws SQLException {
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl()); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(query)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    List<String> rows(String query) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl()); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(query)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    void sql(String statement) throws SQLException {
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl()); Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }
}
