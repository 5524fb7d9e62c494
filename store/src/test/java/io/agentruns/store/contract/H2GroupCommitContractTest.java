package io.agentruns.store.contract;

import io.agentruns.store.Database;
import io.agentruns.store.testing.H2TestDatabase;

/** Group commit on the embedded H2 file database (the default), in a temp directory. */
class H2GroupCommitContractTest extends GroupCommitContractTest {
    private H2TestDatabase h2;

    @Override
    protected Database openDatabase() {
        h2 = H2TestDatabase.create();
        return Database.open(h2.settings());
    }

    @Override
    protected void dropDatabase() {
        if (h2 != null) {
            h2.close();
        }
    }
}
