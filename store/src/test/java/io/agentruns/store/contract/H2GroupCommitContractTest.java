package io.agentruns.store.contract;

import io.agentruns.store.Database;
import io.agentruns.store.DatabaseSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Group commit on the embedded H2 file database (the default), in a temp directory. */
class H2GroupCommitContractTest extends GroupCommitContractTest {
    private Path dir;

    @Override
    protected Database openDatabase() {
        try {
            dir = Files.createTempDirectory("agentruns-h2-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Database.open(DatabaseSettings.embedded(dir));
    }

    @Override
    protected void dropDatabase() {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
