package io.agentruns.store.events;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import org.h2.api.Trigger;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * H2 row trigger on run_events (installed by {@code V31__event_wakeups}): after the inserting
 * transaction commits, tells this JVM's event streams that the run has new events. The
 * PostgreSQL counterpart is a NOTIFY trigger read by {@link PgEventListener}.
 */
public final class H2EventTrigger implements Trigger {
    private int runIdColumn = -1;

    @Override
    public void init(Connection conn, String schemaName, String triggerName, String tableName, boolean before, int type)
            throws SQLException {
        try (ResultSet columns = conn.getMetaData().getColumns(null, schemaName, tableName, "RUN_ID")) {
            if (columns.next()) {
                runIdColumn = columns.getInt("ORDINAL_POSITION") - 1;
            }
        }
    }

    @Override
    public void fire(Connection conn, Object[] oldRow, Object[] newRow) {
        if (runIdColumn < 0 || newRow == null || !(newRow[runIdColumn] instanceof UUID runId)) {
            return;
        }
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            EventWakeupBus.publish(runId); // autocommit insert: committed when the statement returns
            return;
        }
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                EventWakeupBus.publish(runId);
            }
        });
    }
}
