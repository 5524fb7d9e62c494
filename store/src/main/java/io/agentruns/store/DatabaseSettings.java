package io.agentruns.store;

import java.nio.file.Path;
import java.util.Objects;

/** How to reach the database: a JDBC URL ({@code jdbc:h2:...} or {@code jdbc:postgresql:...}) and credentials. */
public record DatabaseSettings(String jdbcUrl, String username, String password, int maxPoolSize) {
    public static final int DEFAULT_POOL_SIZE = 10;

    public DatabaseSettings {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        if (maxPoolSize < 1) {
            throw new IllegalArgumentException("maxPoolSize must be >= 1");
        }
    }

    public static DatabaseSettings of(String jdbcUrl) {
        return new DatabaseSettings(jdbcUrl, null, null, DEFAULT_POOL_SIZE);
    }

    /** The embedded H2 file database in {@code dataDir}. */
    public static DatabaseSettings embedded(Path dataDir) {
        return of(Database.defaultH2Url(dataDir));
    }

    /** {@code jdbcUrl} when set, else the embedded database in {@code dataDir}. */
    public static DatabaseSettings fromUrlOrDataDir(String jdbcUrl, Path dataDir) {
        return jdbcUrl == null || jdbcUrl.isBlank() ? embedded(dataDir) : of(jdbcUrl);
    }
}
