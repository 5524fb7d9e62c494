package io.agentruns.store.queue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.h2.api.Trigger;

/**
 * H2 row trigger on runs (installed by {@code V10__queue_wakeups}): when a row becomes QUEUED
 * (created, or given back by the reaper), wakes the in-process workers after the transaction
 * commits. The PostgreSQL counterpart is a NOTIFY trigger.
 */
public final class H2QueuedTrigger implements Trigger {
    private int stateColumn = -1;

    @Override
    public void init(Connection conn, String schemaName, String triggerName, String tableName, boolean before,
                     int type) throws SQLException {
        try (ResultSet columns = conn.getMetaData().getColumns(null, schemaName, tableName, "STATE")) {
            if (columns.next()) {
                stateColumn = columns.getInt("ORDINAL_POSITION") - 1;
            }
        }
    }

    @Override
    public void fire(Connection conn, Object[] oldRow, Object[] newRow) {
        if (stateColumn < 0 || newRow == null || !"QUEUED".equals(newRow[stateColumn])) {
            return;
        }
        if (oldRow != null && "QUEUED".equals(oldRow[stateColumn])) {
            return;
        }
        InProcessRunNotifier.afterCommit(H2Wakeups.signals()::publishQueued);
    }
}
