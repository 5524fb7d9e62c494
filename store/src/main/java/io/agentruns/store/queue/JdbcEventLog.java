package io.agentruns.store.queue;

import io.agentruns.core.engine.Lease;
import io.agentruns.core.event.EventLog;
import io.agentruns.core.event.EventType;
import io.agentruns.core.event.RunEvent;
import io.agentruns.core.harness.LeaseLostException;
import io.agentruns.store.Database;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

/** {@link EventLog} on run_events; worker appends are guarded by the lease version (invariant 2). */
public final class JdbcEventLog implements EventLog {
    private final JdbcClient jdbc;
    private final TransactionTemplate tx;
    private final EventRows rows;
    private final Clock clock;

    public JdbcEventLog(Database db, Clock clock) {
        this.jdbc = db.jdbc();
        this.tx = db.transactions();
        this.rows = new EventRows(jdbc, db.dialect());
        this.clock = clock;
    }

    @Override
    public long append(Lease lease, EventType type, Map<String, Object> data) {
        Optional<Long> seq = tx.execute(status -> rows.append(lease.runId(),
                "version = :version AND worker_id = :worker AND state = 'INPROGRESS'",
                Map.of("version", lease.version(), "worker", lease.workerId()), type, data, QueueSql.now(clock)));
        return seq.orElseThrow(() -> new LeaseLostException("run " + lease.runId()
                + " is no longer held by lease version " + lease.version()));
    }

    @Override
    public Optional<List<RunEvent>> read(UUID teamId, UUID runId, long afterSeq, int limit) {
        boolean visible = jdbc.sql("SELECT COUNT(*) FROM runs WHERE id = :id AND team_id = :team")
                .param("id", runId).param("team", teamId).query(Long.class).single() > 0;
        return visible ? Optional.of(rows.read(runId, afterSeq, limit)) : Optional.empty();
    }
}
