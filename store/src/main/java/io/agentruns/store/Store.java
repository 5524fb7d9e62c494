package io.agentruns.store;

import io.agentruns.core.environment.EnvironmentRepository;
import io.agentruns.core.identity.IdentityRepository;
import io.agentruns.core.outbox.OutboxWriter;
import io.agentruns.core.run.RunRepository;
import io.agentruns.store.environment.JdbcEnvironmentRepository;
import io.agentruns.store.identity.ApiKeyCache;
import io.agentruns.store.identity.CachingIdentityRepository;
import io.agentruns.store.identity.JdbcIdentityRepository;
import io.agentruns.store.run.JdbcRunRepository;
import io.agentruns.store.queue.RunNotifier;
import io.agentruns.store.run.RunStateWriter;
import io.agentruns.store.tx.GroupCommit;
import io.agentruns.store.tx.InsertsAtCommit;
import java.time.Clock;
import java.time.Duration;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * The store's components wired on one {@link Database} and one {@link Clock}. The server may use
 * this or build the same classes as beans; nothing here starts a thread.
 */
public final class Store {
    private final Database database;
    private final Clock clock;
    private final RunRepository runs;
    private final IdentityRepository identities;
    private final ApiKeyCache apiKeyCache;
    private final EnvironmentRepository environments;
    private final RunStateWriter stateWriter;
    private final GroupCommit groupCommit;

    /** For tests of the store alone: nothing is announced (no workers to wake, no webhooks). */
    public Store(Database database, Clock clock) {
        this(database, clock, RunNotifier.NONE, OutboxWriter.NONE);
    }

    /**
     * {@code notifier} wakes workers when a run is created (PgRunNotifier or InProcessRunNotifier);
     * {@code outbox} writes webhook deliveries for every recorded state change.
     */
    public Store(Database database, Clock clock, RunNotifier notifier, OutboxWriter outbox) {
        this(database, clock, notifier, outbox, JdbcRunRepository.DEFAULT_IDEMPOTENCY_TTL);
    }

    public Store(Database database, Clock clock, RunNotifier notifier, OutboxWriter outbox, Duration idempotencyTtl) {
        this(database, clock, notifier, outbox, idempotencyTtl, new GroupCommit(database.transactionManager()));
    }

    /** {@code groupCommit} (on this database's transaction manager) batches the creates' transactions. */
    public Store(Database database, Clock clock, RunNotifier notifier, OutboxWriter outbox, Duration idempotencyTtl,
                 GroupCommit groupCommit) {
        this.database = database;
        this.clock = clock;
        this.groupCommit = groupCommit;
        this.stateWriter = new RunStateWriter(database.jdbc(), database.dialect(), clock, notifier, outbox,
                new InsertsAtCommit(new NamedParameterJdbcTemplate(database.dataSource())));
        this.runs = new JdbcRunRepository(database.jdbc(), groupCommit, clock, idempotencyTtl, stateWriter);
        this.apiKeyCache = new ApiKeyCache(clock);
        this.identities = new CachingIdentityRepository(
                new JdbcIdentityRepository(database.jdbc(), clock, database.dialect()), apiKeyCache);
        this.environments = new JdbcEnvironmentRepository(database.jdbc(), database.transactions(), clock);
    }

    public Database database() {
        return database;
    }

    public Clock clock() {
        return clock;
    }

    public RunRepository runs() {
        return runs;
    }

    public IdentityRepository identities() {
        return identities;
    }

    /** The key cache behind {@link #identities()}; on PostgreSQL, ApiKeyRevocationListener keeps it current across nodes. */
    public ApiKeyCache apiKeyCache() {
        return apiKeyCache;
    }

    public EnvironmentRepository environments() {
        return environments;
    }

    public RunStateWriter stateWriter() {
        return stateWriter;
    }

    /** Shares transactions among concurrent writers (creates; reusable for other short writes). */
    public GroupCommit groupCommit() {
        return groupCommit;
    }
}
