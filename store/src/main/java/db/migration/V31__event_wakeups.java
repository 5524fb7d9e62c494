package db.migration;

import io.agentruns.store.events.H2EventTrigger;
import io.agentruns.store.events.PgEventListener;
import java.sql.Statement;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

/**
 * PAGES: wakes event streams when a run_events row is inserted, from the database itself, so that
 * every writer of events (state writer, event log) announces them in its own transaction
 * (invariant 6). PostgreSQL: a row trigger that NOTIFYs the run id (delivered at commit, to every
 * process). H2: a Java row trigger that publishes in-process after commit. Java because the two differ.
 */
public class V31__event_wakeups extends BaseJavaMigration {
    @Override
    public void migrate(Context context) throws Exception {
        String product = context.getConnection().getMetaData().getDatabaseProductName();
        try (Statement s = context.getConnection().createStatement()) {
            if (product.toLowerCase(java.util.Locale.ROOT).contains("postgres")) {
                s.execute("CREATE FUNCTION agentruns_notify_event() RETURNS trigger AS $$ "
                        + "BEGIN PERFORM pg_notify('" + PgEventListener.CHANNEL + "', NEW.run_id::text); RETURN NULL; END; "
                        + "$$ LANGUAGE plpgsql");
                s.execute("CREATE TRIGGER run_events_notify AFTER INSERT ON run_events FOR EACH ROW "
                        + "EXECUTE FUNCTION agentruns_notify_event()");
            } else {
                s.execute("CREATE TRIGGER run_events_wakeup AFTER INSERT ON run_events FOR EACH ROW CALL '"
                        + H2EventTrigger.class.getName() + "'");
            }
        }
    }
}
