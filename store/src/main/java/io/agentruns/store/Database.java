package io.agentruns.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The database of one agentruns process: a HikariCP pool on the configured JDBC URL, migrated by
 * Flyway on {@link #open}, with the dialect in use. Close it to release the pool (and, for the
 * embedded H2 database, to close the database file).
 */
public final class Database implements AutoCloseable {
    /** Where every module's migrations live (store V1..V9, engine V10.., agent V20.., pages V30..). */
    public static final String MIGRATIONS = "classpath:db/migration";

    private final HikariDataSource dataSource;
    private final Dialect dialect;
    private final DataSourceTransactionManager transactionManager;

    private Database(HikariDataSource dataSource, Dialect dialect) {
        this.dataSource = dataSource;
        this.dialect = dialect;
        this.transactionManager = new DataSourceTransactionManager(dataSource);
    }

    /**
     * The embedded default: an H2 file database in {@code dataDir}. It stays open while the pool
     * holds connections (DB_CLOSE_ON_EXIT=FALSE: we close it ourselves, after the pool drains, not
     * from a JVM hook racing our own shutdown); LOCK_TIMEOUT lets concurrent writers in this process
     * wait for a row lock instead of failing at once.
     */
    public static String defaultH2Url(Path dataDir) {
        return "jdbc:h2:file:" + dataDir.toAbsolutePath().normalize().resolve("agentruns")
                + ";DB_CLOSE_ON_EXIT=FALSE;LOCK_TIMEOUT=10000";
    }

    public static Database open(DatabaseSettings settings) {
        Dialect dialect = Dialect.fromJdbcUrl(settings.jdbcUrl());
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(settings.jdbcUrl());
        if (settings.username() != null) {
            config.setUsername(settings.username());
        } else if (dialect == Dialect.H2) {
            config.setUsername("sa");
        }
        if (settings.password() != null) {
            config.setPassword(settings.password());
        }
        config.setMaximumPoolSize(settings.maxPoolSize());
        config.setPoolName("agentruns-db");
        config.setAutoCommit(true);
        HikariDataSource ds = new HikariDataSource(config);
        try {
            migrate(ds);
        } catch (RuntimeException e) {
            ds.close();
            throw e;
        }
        return new Database(ds, dialect);
    }

    private static void migrate(DataSource ds) {
        Flyway.configure()
                .dataSource(ds)
                .locations(MIGRATIONS)
                .load()
                .migrate();
    }

    public DataSource dataSource() {
        return dataSource;
    }

    public Dialect dialect() {
        return dialect;
    }

    public JdbcClient jdbc() {
        return JdbcClient.create(dataSource);
    }

    public PlatformTransactionManager transactionManager() {
        return transactionManager;
    }

    /** A fresh template (callers may tune isolation or timeout on their own copy). */
    public TransactionTemplate transactions() {
        return new TransactionTemplate(transactionManager);
    }

    @Override
    public void close() {
        dataSource.close();
    }
}
