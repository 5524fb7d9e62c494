package io.agentruns.store.contract;

import io.agentruns.store.Database;
import io.agentruns.store.DatabaseSettings;
import io.agentruns.store.testing.PostgresTestDatabase;

/**
 * Group commit on PostgreSQL 15 at 127.0.0.1:5432, in a database created for this run and
 * dropped after it. Skipped (with a message) when the server is unreachable, failed under CI=true.
 */
class PostgresGroupCommitContractTest extends GroupCommitContractTest {
    private PostgresTestDatabase pg;

    @Override
    protected Database openDatabase() {
        pg = PostgresTestDatabase.create();
        return Database.open(DatabaseSettings.of(pg.jdbcUrl()));
    }

    @Override
    protected void dropDatabase() {
        if (pg != null) {
            pg.close();
        }
    }
}
