package db.migration;

import io.agentruns.store.queue.H2QueuedTrigger;
import io.agentruns.store.queue.PgRunNotifier;
import java.sql.Statement;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

/**
 * ENGINE: wakes workers when a run becomes QUEUED (created or given back), from the database
 * itself, so that every path that queues a run announces it in its own transaction (invariant 6).
 * PostgreSQL: a row trigger that NOTIFYs (delivered at commit). H2: a Java row trigger that
 * publishes in-process after commit. A Java migration because the two differ.
 */
public class V10__queue_wakeups extends BaseJavaMigration {
    @Override
    public void migrate(Context context) throws Exception {
        String product = context.getConnection().getMetaData().getDatabaseProductName();
        try (Statement s = context.getConnection().createStatement()) {
            if (product.toLowerCase(java.util.Locale.ROOT).contains("postgres")) {
                s.execute("CREATE FUNCTION agentruns_notify_queued() RETURNS trigger AS $$ "
                        + "BEGIN PERFORM pg_notify('" + PgRunNotifier.QUEUE_CHANNEL + "', ''); RETURN NULL; END; "
                        + "$$ LANGUAGE plpgsql");
                s.execute("CREATE TRIGGER runs_queued_insert AFTER INSERT ON runs FOR EACH ROW "
                        + "WHEN (NEW.state = 'QUEUED') EXECUTE FUNCTION agentruns_notify_queued()");
                s.execute("CREATE TRIGGER runs_queued_update AFTER UPDATE OF state ON runs FOR EACH ROW "
                        + "WHEN (NEW.state = 'QUEUED' AND OLD.state <> 'QUEUED') EXECUTE FUNCTION agentruns_notify_queued()");
            } else {
                s.execute("CREATE TRIGGER runs_queued AFTER INSERT, UPDATE ON runs FOR EACH ROW CALL '"
                        + H2QueuedTrigger.class.getName() + "'");
            }
        }
    }
}
