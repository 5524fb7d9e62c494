package io.agentruns.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.store.testing.PostgresTestDatabase;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatabaseTest {
    private static final List<String> TABLES = List.of("teams", "principals", "api_keys", "environments", "runs",
            "run_artifacts", "run_events", "idempotency_keys");

    @Test
    void embeddedH2IsMigratedAndReportsItsDialect(@TempDir Path dir) {
        try (Database db = Database.open(DatabaseSettings.embedded(dir))) {
            assertThat(db.dialect()).isEqualTo(Dialect.H2);
            assertTablesExist(db);
        }
        // Reopening the same file runs no migration twice and keeps the schema.
        try (Database db = Database.open(DatabaseSettings.embedded(dir))) {
            assertTablesExist(db);
        }
    }

    @Test
    void postgresIsMigratedAndReportsItsDialect() {
        try (PostgresTestDatabase pg = PostgresTestDatabase.create();
             Database db = Database.open(DatabaseSettings.of(pg.jdbcUrl()))) {
            assertThat(db.dialect()).isEqualTo(Dialect.POSTGRESQL);
            assertTablesExist(db);
        }
    }

    private static void assertTablesExist(Database db) {
        for (String table : TABLES) {
            Long n = db.jdbc().sql("SELECT COUNT(*) FROM " + table).query(Long.class).single();
            assertThat(n).as(table).isZero();
        }
    }
}
