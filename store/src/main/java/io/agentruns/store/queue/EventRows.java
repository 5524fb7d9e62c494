package io.agentruns.store.queue;

import io.agentruns.core.event.EventType;
import io.agentruns.core.event.RunEvent;
import io.agentruns.store.Dialect;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Appends to run_events inside the caller's transaction (invariant 5): the run row's
 * {@code last_event_seq} is incremented (which also locks the row until commit, so appends of one
 * run are serialised) and the event is inserted with the new value, so seqs are gap-free.
 */
final class EventRows {
    private final JdbcClient jdbc;
    private final Dialect dialect;

    EventRows(JdbcClient jdbc, Dialect dialect) {
        this.jdbc = jdbc;
        this.dialect = dialect;
    }

    /**
     * Appends when {@code guard} (a fixed SQL condition on the run row, with its own named
     * parameters in {@code guardParams}) holds; empty when it does not and nothing was written.
     */
    Optional<Long> append(UUID runId, String guard, Map<String, Object> guardParams, EventType type,
                          Map<String, Object> data, Instant at) {
        String update = "UPDATE runs SET last_event_seq = last_event_seq + 1 WHERE id = :run_id AND " + guard;
        Optional<Long> seq = jdbc.sql(dialect.updateReturning(update, "last_event_seq"))
                .param("run_id", runId)
                .params(guardParams)
                .query(Long.class)
                .optional();
        seq.ifPresent(s -> jdbc.sql("INSERT INTO run_events (run_id, seq, event_type, created_at, data) "
                        + "VALUES (:run_id, :seq, :type, :at, :data)")
                .param("run_id", runId)
                .param("seq", s)
                .param("type", type.wireName())
                .param("at", QueueSql.bind(at))
                .param("data", QueueSql.json(data))
                .update());
        return seq;
    }

    List<RunEvent> read(UUID runId, long afterSeq, int limit) {
        return jdbc.sql("SELECT run_id, seq, event_type, created_at, data FROM run_events "
                        + "WHERE run_id = :run_id AND seq > :after ORDER BY seq LIMIT :limit")
                .param("run_id", runId)
                .param("after", afterSeq)
                .param("limit", limit)
                .query((rs, n) -> new RunEvent(rs.getObject("run_id", UUID.class), rs.getLong("seq"),
                        EventType.fromWireName(rs.getString("event_type")), QueueSql.read(rs, "created_at"),
                        QueueSql.readMap(rs.getString("data"))))
                .list();
    }
}
