package io.agentruns.store.testing;

import io.agentruns.store.DatabaseSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The embedded H2 file database (the default) in a temp directory of its own, deleted on close: the
 * counterpart of {@link PostgresTestDatabase}. Close the {@code Database} opened on it first.
 */
public final class H2TestDatabase implements AutoCloseable {
    private final Path dir;

    private H2TestDatabase(Path dir) {
        this.dir = dir;
    }

    public static H2TestDatabase create() {
        try {
            return new H2TestDatabase(Files.createTempDirectory("agentruns-h2-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public DatabaseSettings settings() {
        return DatabaseSettings.embedded(dir);
    }

    @Override
    public void close() {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
