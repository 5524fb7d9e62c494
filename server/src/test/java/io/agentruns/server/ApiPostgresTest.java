package io.agentruns.server;

import io.agentruns.store.testing.PostgresTestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@link ApiContract} on PostgreSQL (127.0.0.1:5432): a database created for this class and dropped
 * after it. Skipped when PostgreSQL is unreachable, except under CI=true where that fails.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext // the pool must close before the database is dropped
class ApiPostgresTest extends ApiContract {
    private static PostgresTestDatabase database;

    @BeforeAll
    static void createDatabase() {
        database = PostgresTestDatabase.create(); // skips (or fails under CI=true) without PostgreSQL
    }

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        registry.add("agentruns.database-url", () -> database.jdbcUrl());
    }

    @AfterAll
    static void dropDatabase() {
        // @DirtiesContext closes the context (and its pool) after the class, which runs after
        // @AfterAll; DROP ... WITH (FORCE) ends the remaining sessions.
        if (database != null) {
            database.close();
        }
    }
}
