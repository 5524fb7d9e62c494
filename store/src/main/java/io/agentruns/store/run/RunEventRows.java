package io.agentruns.store.run;

import io.agentruns.core.event.EventType;
import io.agentruns.core.event.RunEvent;
import io.agentruns.store.SqlTime;
import io.agentruns.store.StoreJson;
import io.agentruns.store.tx.InsertsAtCommit;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Inserts one row of run_events. Callers must have taken {@code seq} from
 * {@code runs.last_event_seq} in the same transaction (invariant 5: gap-free per run).
 */
public final class RunEventRows {
    private static final String INSERT =
            "INSERT INTO run_events (run_id, seq, event_type, created_at, data) VALUES (:run, :seq, :type, :at, :data)";

    private final JdbcClient jdbc;
    private final InsertsAtCommit atCommit;

    public RunEventRows(JdbcClient jdbc) {
        this(jdbc, null);
    }

    /** {@code atCommit} (may be null: written at once) batches the rows of {@link #insertAtCommit}. */
    public RunEventRows(JdbcClient jdbc, InsertsAtCommit atCommit) {
        this.jdbc = jdbc;
        this.atCommit = atCommit;
    }

    public RunEvent insert(UUID runId, long seq, EventType type, Instant at, Map<String, Object> data) {
        jdbc.sql(INSERT).params(params(runId, seq, type, at, data)).update();
        return new RunEvent(runId, seq, type, at, data);
    }

    /**
     * Like {@link #insert}, but written just before the current transaction commits, in one batch
     * with the other such rows of that transaction. Only for events nothing reads before the commit.
     */
    public void insertAtCommit(UUID runId, long seq, EventType type, Instant at, Map<String, Object> data) {
        if (atCommit == null) {
            insert(runId, seq, type, at, data);
            return;
        }
        atCommit.add(INSERT, params(runId, seq, type, at, data));
    }

    private static Map<String, Object> params(UUID runId, long seq, EventType type, Instant at,
                                              Map<String, Object> data) {
        Map<String, Object> params = new HashMap<>();
        params.put("run", runId);
        params.put("seq", seq);
        params.put("type", type.wireName());
        params.put("at", SqlTime.bind(at));
        params.put("data", StoreJson.write(data));
        return params;
    }
}
