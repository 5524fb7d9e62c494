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
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * Invariant 3 with real processes on PostgreSQL: a worker killed with SIGKILL while its runs are
 * INPROGRESS; within two lease periods the reaper (in the API process) has FAILED them, retryable,
 * and they are never run again; a new worker carries on with the queue. Then SIGTERM on that
 * worker: it stops gracefully and releases its started run as the reaper would.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class CrashProcessTest {
    static final String KEY = "ar_test-crash-admin-key-0123456789abcdef";
    static final int LEASE_SECONDS = 4;

    PostgresTestDatabase pg;
    final List<ServiceProcess> processes = new ArrayList<>();

    @AfterEach
    void stop() {
        processes.forEach(ServiceProcess::close);
        if (pg != null) {
            pg.close();
        }
    }

    @Test
    void killedWorkersRunsFailRetryableWithinTwoLeasesAndANewWorkerCarriesOn() throws Exception {
        pg = PostgresTestDatabase.create();
        Path data = Files.createTempDirectory("agentruns-crash");
        List<String> common = List.of("--agentruns.database-url=" + pg.jdbcUrl(), "--agentruns.data-dir=" + data,
                "--agentruns.bootstrap-api-key=" + KEY, "--agentruns.lease-seconds=" + LEASE_SECONDS,
                "--agentruns.test-harness.sleep-millis=5", "--agentruns.worker.concurrency=2",
                "--agentruns.worker.drain-seconds=1");
        ServiceProcess api = start("crash-api", "serve", common, "--agentruns.worker.enabled=false");
        api.awaitReady(Duration.ofMinutes(2));
        sql(TestHarness.TABLE_DDL);
        Http http = new Http(api.port(), KEY);
        ServiceProcess doomed = start("crash-worker-killed", "worker", common);
        doomed.awaitReady(Duration.ofMinutes(2));

        String a = ExecutionContract.create(http, "block a", null);
        String b = ExecutionContract.create(http, "block b", null);
        await("both runs started on the doomed worker", () -> started(a) && started(b));
        // Its two slots are busy: later runs wait in the queue.
        List<String> queued = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            queued.add(ExecutionContract.create(http, "quick " + i, null));
        }
        for (String id : queued) {
            assertThat(ExecutionContract.state(http, id)).isEqualTo("QUEUED");
        }

        doomed.kill();
        long killedAt = System.nanoTime();
        await("killed worker's runs FAILED", () -> state(http, a).equals("FAILED") && state(http, b).equals("FAILED"));
        Duration took = Duration.ofNanos(System.nanoTime() - killedAt);
        System.out.println("runs of the killed worker were FAILED " + took.toMillis() + " ms after SIGKILL (lease "
                + LEASE_SECONDS + " s)");
        assertThat(took).as("finalised within two lease periods").isLessThan(Duration.ofSeconds(2L * LEASE_SECONDS));
        for (String id : List.of(a, b)) {
            JsonNode status = ExecutionContract.get(http, id).get("status_message");
            assertThat(status.get("error_code").stringValue()).isEqualTo("resource_unavailable");
            assertThat(status.get("retryable").booleanValue()).isTrue();
            assertThat(status.get("message").stringValue()).startsWith("worker lost");
        }

        ServiceProcess next = start("crash-worker-next", "worker", common);
        next.awaitReady(Duration.ofMinutes(2));
        await("queued runs SUCCEEDED on the new worker",
                () -> queued.stream().allMatch(id -> state(http, id).equals("SUCCEEDED")));
        // A run that had started is never run again (invariant 2).
        assertThat(executions(a)).isEqualTo(1);
        assertThat(executions(b)).isEqualTo(1);

        // SIGTERM: graceful stop; the started run is released as the reaper would (FAILED, retryable).
        String c = ExecutionContract.create(http, "block c", null);
        await("run c started", () -> started(c));
        assertThat(next.terminate(Duration.ofSeconds(60))).as("worker exits after SIGTERM").isTrue();
        assertThat(state(http, c)).isEqualTo("FAILED");
        JsonNode status = ExecutionContract.get(http, c).get("status_message");
        assertThat(status.get("retryable").booleanValue()).isTrue();
        assertThat(status.get("message").stringValue()).contains("stopped");
    }

    private ServiceProcess start(String name, String mode, List<String> common, String... extra) {
        List<String> settings = new ArrayList<>(common);
        settings.addAll(List.of(extra));
        ServiceProcess p = ServiceProcess.start(name, mode, settings);
        processes.add(p);
        return p;
    }

    private static String state(Http http, String id) {
        return ExecutionContract.state(http, id);
    }

    private boolean started(String id) {
        return executions(id) > 0;
    }

    private long executions(String id) {
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl()); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM test_harness_executions WHERE run_id = '" + id + "'")) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private void sql(String statement) throws SQLException {
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl()); Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(deadline);
            Thread.sleep(50);
        }
    }
}
