package io.agentruns.store.queue;

import io.agentruns.store.Database;
import io.agentruns.store.DatabaseSettings;
import io.agentruns.store.testing.PostgresTestDatabase;

class PostgresRunQueueTest extends RunQueueContractTest {
    private PostgresTestDatabase pg;

    @Override
    Database openDatabase() {
        pg = PostgresTestDatabase.create();
        return Database.open(DatabaseSettings.of(pg.jdbcUrl()));
    }

    @Override
    void closeDatabase() {
        try {
            super.closeDatabase();
        } finally {
            pg.close();
        }
    }
}
