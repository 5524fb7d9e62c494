package io.agentruns.store.queue;

import io.agentruns.store.Database;
import java.time.Instant;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Inserts teams and QUEUED runs (with their first state event) straight into the schema. */
public final class QueueFixtures {
    private final JdbcClient jdbc;
    private final org.springframework.transaction.support.TransactionTemplate tx;

    private final RunNotifier notifier;

    public QueueFixtures(Database db) {
        this(db, RunNotifier.NONE);
    }

    /** {@code notifier} is told about each new run inside its transaction, as the real create does. */
    public QueueFixtures(Database db, RunNotifier notifier) {
        this.notifier = notifier;
        this.jdbc = db.jdbc();
        this.tx = db.transactions();
    }

    public record TeamRef(UUID teamId, UUID principalId) {
    }

    public TeamRef team(String name, Instant at) {
        UUID team = UUID.randomUUID();
        UUID principal = UUID.randomUUID();
        jdbc.sql("INSERT INTO teams (id, name, created_at) VALUES (?, ?, ?)")
                .params(team, name + "-" + team, QueueSql.bind(at)).update();
        jdbc.sql("INSERT INTO principals (id, team_id, type, display_name, created_at) VALUES (?, ?, 'USER', 'u', ?)")
                .params(principal, team, QueueSql.bind(at)).update();
        return new TeamRef(team, principal);
    }

    /** Inserts in one transaction, as the real create does, so the queue trigger's wake-up follows the commit. */
    public UUID queuedRun(TeamRef team, String workerHost, Instant createdAt) {
        return tx.execute(s -> insertRun(team, workerHost, createdAt));
    }

    private UUID insertRun(TeamRef team, String workerHost, Instant createdAt) {
        UUID id = UUID.randomUUID();
        jdbc.sql("INSERT INTO runs (id, team_id, title, prompt, state, created_at, updated_at, config, config_name, "
                        + "worker_host, source, creator_id, team_scoped, version, last_event_seq) "
                        + "VALUES (?, ?, 't', 'p', 'QUEUED', ?, ?, '{}', '', ?, 'API', ?, FALSE, 0, 1)")
                .params(id, team.teamId(), QueueSql.bind(createdAt), QueueSql.bind(createdAt), workerHost,
                        team.principalId()).update();
        jdbc.sql("INSERT INTO run_events (run_id, seq, event_type, created_at, data) VALUES (?, 1, 'state', ?, ?)")
                .params(id, QueueSql.bind(createdAt), "{\"state\":\"QUEUED\"}").update();
        notifier.runQueued();
        return id;
    }
}
