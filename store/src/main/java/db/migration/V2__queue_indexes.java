package db.migration;

import java.sql.Statement;
import java.util.Locale;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

/**
 * PostgreSQL only: keeps the queue's index small and the run table's dead row versions few.
 * (H2 has no partial indexes or storage parameters and is one process: V1's indexes stay there.)
 * <ul>
 * <li>The claim's candidate query (JdbcRunQueue#candidate) reads a partial index of the QUEUED
 * rows of its pool only, instead of runs_queue over every state. A run leaves it with its claim and never comes
 * back unless released, so it holds about the queue's length plus the dead entries since the last
 * vacuum (runs_queue held one for every QUEUED version and one for every later version of every run).</li>
 * <li>The reaper's query (state = 'INPROGRESS' AND lease_expires_at &lt; now) likewise reads a
 * partial index of the INPROGRESS rows; final runs no longer get an entry at every update.</li>
 * <li>fillfactor 90 leaves room on each page for HOT updates of the columns no index covers
 * (last_event_seq of every event append); aggressive per-table autovacuum removes the dead row
 * versions of the 5-6 updates per run before they slow the claim down (docs/performance.md, lifecycle).</li>
 * </ul>
 * Guarded by RunQueueContractTest (claims, routing, reaping) on both databases.
 */
public class V2__queue_indexes extends BaseJavaMigration {
    @Override
    public void migrate(Context context) throws Exception {
        String product = context.getConnection().getMetaData().getDatabaseProductName();
        if (!product.toLowerCase(Locale.ROOT).contains("postgres")) {
            return;
        }
        try (Statement s = context.getConnection().createStatement()) {
            // Two, so that both pool kinds read the index in claim order (with worker_host IS NULL as
            // an index condition PostgreSQL sorts instead).
            s.execute("CREATE INDEX runs_queued ON runs (created_at, id) WHERE state = 'QUEUED' AND worker_host IS NULL");
            s.execute("CREATE INDEX runs_queued_routed ON runs (worker_host, created_at, id) "
                    + "WHERE state = 'QUEUED' AND worker_host IS NOT NULL");
            s.execute("DROP INDEX runs_queue");
            s.execute("CREATE INDEX runs_leased ON runs (lease_expires_at) WHERE state = 'INPROGRESS'");
            s.execute("DROP INDEX runs_lease");
            s.execute("ALTER TABLE runs SET (fillfactor = 90, autovacuum_vacuum_scale_factor = 0.01, "
                    + "autovacuum_vacuum_threshold = 200, autovacuum_vacuum_cost_delay = 0, "
                    + "autovacuum_analyze_scale_factor = 0.02)");
        }
    }
}
