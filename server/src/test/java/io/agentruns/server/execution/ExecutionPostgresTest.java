package io.agentruns.server.execution;

import io.agentruns.store.testing.PostgresTestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** {@link ExecutionContract} on PostgreSQL: wake-ups and cancels travel by LISTEN/NOTIFY. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class ExecutionPostgresTest extends ExecutionContract {
    private static PostgresTestDatabase pg;

    @BeforeAll
    static void createDatabase() {
        pg = PostgresTestDatabase.create();
    }

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        registry.add("agentruns.database-url", () -> pg.jdbcUrl());
    }

    @AfterAll
    static void dropDatabase() {
        if (pg != null) {
            pg.close();
        }
    }
}
