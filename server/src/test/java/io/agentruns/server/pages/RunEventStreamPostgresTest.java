package io.agentruns.server.pages;

import io.agentruns.store.testing.PostgresTestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** {@link RunEventStreamContract} on PostgreSQL (LISTEN/NOTIFY wake-ups); skipped without it unless CI=true. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class RunEventStreamPostgresTest extends RunEventStreamContract {
    private static PostgresTestDatabase database;

    @BeforeAll
    static void createDatabase() {
        database = PostgresTestDatabase.create();
    }

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        registry.add("agentruns.database-url", () -> database.jdbcUrl());
    }

    @AfterAll
    static void dropDatabase() {
        if (database != null) {
            database.close();
        }
    }
}
