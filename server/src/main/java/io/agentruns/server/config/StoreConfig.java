package io.agentruns.server.config;

import io.agentruns.core.environment.EnvironmentRepository;
import io.agentruns.core.identity.IdentityRepository;
import io.agentruns.core.outbox.OutboxWriter;
import io.agentruns.core.run.RunRepository;
import io.agentruns.store.Database;
import io.agentruns.store.DatabaseSettings;
import io.agentruns.store.Store;
import io.agentruns.store.queue.RunNotifier;
import io.agentruns.store.run.JdbcRunRepository;
import io.agentruns.store.tx.GroupCommit;
import org.springframework.beans.factory.ObjectProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Clock;
import javax.sql.DataSource;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The database (H2 file in the data dir, or PostgreSQL by URL), migrated by Flyway when opened,
 * and the store's repositories as beans. The DataSource bean lets Spring Boot's JDBC support
 * (JdbcClient, transactions) share the same pool.
 */
@Configuration(proxyBeanMethods = false)
public class StoreConfig {

    @Bean(destroyMethod = "close")
    public Database database(AgentrunsProperties properties) {
        if (properties.databaseUrl() == null || properties.databaseUrl().isBlank()) {
            try {
                Files.createDirectories(properties.dataDir());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create data dir " + properties.dataDir(), e);
            }
        }
        DatabaseSettings url = DatabaseSettings.fromUrlOrDataDir(properties.databaseUrl(), properties.dataDir());
        return Database.open(new DatabaseSettings(url.jdbcUrl(), properties.databaseUser(),
                properties.databasePassword(), DatabaseSettings.DEFAULT_POOL_SIZE));
    }

    @Bean(destroyMethod = "")
    public DataSource dataSource(Database database) {
        return database.dataSource(); // closed with the Database
    }

    /**
     * Shares transactions among concurrent short writes (creates): one commit and one NOTIFY for
     * many. {@code max-batch} bounds a batch, {@code stripes} the batches in flight at once.
     */
    @Bean
    public GroupCommit groupCommit(Database database,
                                   @Value("${agentruns.group-commit.max-batch:" + GroupCommit.DEFAULT_MAX_BATCH + "}") int maxBatch,
                                   @Value("${agentruns.group-commit.stripes:" + GroupCommit.DEFAULT_STRIPES + "}") int stripes) {
        return new GroupCommit(database.transactionManager(), maxBatch, stripes);
    }

    /**
     * {@code notifier} (ExecutionConfig) wakes workers when a run is queued; an {@link OutboxWriter}
     * bean (webhooks), when present, records state changes for delivery.
     */
    @Bean
    public Store store(Database database, Clock clock, RunNotifier notifier, ObjectProvider<OutboxWriter> outbox,
                       GroupCommit groupCommit) {
        return new Store(database, clock, notifier, outbox.getIfAvailable(() -> OutboxWriter.NONE),
                JdbcRunRepository.DEFAULT_IDEMPOTENCY_TTL, groupCommit);
    }

    @Bean
    public RunRepository runRepository(Store store) {
        return store.runs();
    }

    @Bean
    public IdentityRepository identityRepository(Store store) {
        return store.identities();
    }

    @Bean
    public EnvironmentRepository environmentRepository(Store store) {
        return store.environments();
    }
}
