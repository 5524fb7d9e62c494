package io.agentruns.store.queue;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.store.Database;
import io.agentruns.store.DatabaseSettings;
import io.agentruns.store.testing.PostgresTestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Prints the QUEUED -> INPROGRESS pickup latency over 1,000 runs on each database (also written
 * to target/pickup-latency-*.txt). A measurement, not a check: no timing assertion.
 */
@Timeout(180)
class PickupLatencyTest {
    static final int RUNS = 1000;
    static final Duration INTERVAL = Duration.ofMillis(2);

    @Test
    void h2(@TempDir Path dir) throws Exception {
        try (Database db = Database.open(DatabaseSettings.embedded(dir))) {
            record("h2", PickupLatencyBenchmark.run(db, RUNS, INTERVAL));
        }
    }

    @Test
    void postgres() throws Exception {
        try (PostgresTestDatabase pg = PostgresTestDatabase.create();
             Database db = Database.open(DatabaseSettings.of(pg.jdbcUrl()))) {
            record("postgres", PickupLatencyBenchmark.run(db, RUNS, INTERVAL));
        }
    }

    private static void record(String name, String line) throws Exception {
        assertThat(line).contains("n=" + RUNS);
        Files.writeString(Path.of("target", "pickup-latency-" + name + ".txt"), line + System.lineSeparator());
    }
}
