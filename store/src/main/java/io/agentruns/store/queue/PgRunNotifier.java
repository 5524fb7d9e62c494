package io.agentruns.store.queue;

import io.agentruns.store.tx.OncePerTransaction;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * NOTIFY on the caller's transaction's connection: PostgreSQL delivers it to listeners only if and
 * when that transaction commits. Channels are read by {@link PgRunSignals}. Sent just before the
 * commit, once per channel and payload per transaction ({@link OncePerTransaction}): a transaction
 * that queues many runs (group commit) sends one queue NOTIFY, where PostgreSQL would have folded
 * the identical ones anyway after a round trip each.
 */
public final class PgRunNotifier implements RunNotifier {
    public static final String QUEUE_CHANNEL = "agentruns_queue";
    public static final String CANCEL_CHANNEL = "agentruns_cancel";

    private final JdbcClient jdbc;

    public PgRunNotifier(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public void runQueued() {
        OncePerTransaction.beforeCommit(List.of(this, QUEUE_CHANNEL),
                () -> jdbc.sql("SELECT pg_notify('" + QUEUE_CHANNEL + "', '')").query().singleRow());
    }

    @Override
    public void cancelRequested(UUID runId) {
        OncePerTransaction.beforeCommit(List.of(this, CANCEL_CHANNEL, runId),
                () -> jdbc.sql("SELECT pg_notify('" + CANCEL_CHANNEL + "', :run)").param("run", runId.toString())
                        .query().singleRow());
    }
}
