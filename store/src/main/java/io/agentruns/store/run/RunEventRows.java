package io.agentruns.store.run;

import io.agentruns.core.event.EventType;
import io.agentruns.core.event.RunEvent;
import io.agentruns.store.SqlTime;
import io.agentruns.store.StoreJson;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Inserts one row of run_events. Callers must have taken {@code seq} from
 * {@code runs.last_event_seq} in the same transaction (invariant 5: gap-free per run).
 */
public final class RunEventRows {
    private final JdbcClient jdbc;

    public RunEventRows(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public RunEvent insert(UUID runId, long seq, EventType type, Instant at, Map<String, Object> data) {
        jdbc.sql("INSERT INTO run_events (run_id, seq, event_type, created_at, data) VALUES (:run, :seq, :type, :at, :data)")
                .param("run", runId)
                .param("seq", seq)
                .param("type", type.wireName())
                .param("at", SqlTime.bind(at))
                .param("data", StoreJson.write(data))
                .update();
        return new RunEvent(runId, seq, type, at, data);
    }
}
