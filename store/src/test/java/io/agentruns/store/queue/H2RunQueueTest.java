package io.agentruns.store.queue;

import io.agentruns.store.Database;
import io.agentruns.store.DatabaseSettings;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class H2RunQueueTest extends RunQueueContractTest {
    @TempDir
    Path dir;

    @Override
    Database openDatabase() {
        return Database.open(DatabaseSettings.embedded(dir));
    }
}
