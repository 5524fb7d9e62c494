package io.agentruns.bench;

import java.net.URI;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import tools.jackson.databind.node.ObjectNode;

/**
 * Phase 4 (agentruns side): create {@code count} runs through the API as fast as {@code connections}
 * allow while the service's workers (no-op harness) execute them; the figure is runs completed per
 * second from the first run's created_at to the last run's finish, as stored by the service.
 */
final class LifecycleCommand {
    private LifecycleCommand() {
    }

    private static final String FINAL_COUNT =
            "select count(*) from runs where config_name = ? and state in ('SUCCEEDED', 'FAILED', 'CANCELLED')";
    private static final String SPAN =
            "select count(*), extract(epoch from (max(coalesce(finished_at, updated_at)) - min(created_at))), "
                    + "count(*) filter (where state = 'SUCCEEDED') from runs where config_name = ? "
                    + "and state in ('SUCCEEDED', 'FAILED', 'CANCELLED')";

    static ObjectNode run(Options o) throws Exception {
        ServiceApi api = new ServiceApi(o.get("base"), o.get("key"));
        int count = o.getInt("count", 2000);
        int connections = o.getInt("connections", 16);
        String configName = o.get("config-name", "bench-lifecycle");
        HttpLoad.Result created = new HttpLoad(URI.create(o.get("base")), connections).run(o.getSeconds("timeout", 120),
                count, n -> api.create(ServiceApi.createBody(n, configName, null)), (n, r) -> { });
        ObjectNode node = ServiceApi.JSON.createObjectNode();
        try (Db db = new Db(o.get("jdbc"))) {
            long finals = db.awaitCount(FINAL_COUNT, configName, v -> v >= created.ok(), o.getSeconds("timeout", 120));
            try (PreparedStatement ps = db.connection().prepareStatement(SPAN)) {
                ps.setString(1, configName);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    long done = rs.getLong(1);
                    double seconds = rs.getDouble(2);
                    node.put("runs", count);
                    node.put("created", created.ok());
                    node.put("create_errors", created.errors());
                    node.put("completed", done);
                    node.put("succeeded", rs.getLong(3));
                    node.put("seconds", LatencyStats.round2(seconds));
                    node.put("runs_per_s", LatencyStats.round2(seconds <= 0 ? 0 : done / seconds));
                    node.put("create_rps", LatencyStats.round2(created.throughput()));
                    node.put("connections", connections);
                    Bench.log("lifecycle: " + done + " of " + count + " runs final in " + LatencyStats.round2(seconds)
                            + " s = " + node.get("runs_per_s").asDouble() + " runs/s (" + finals + " seen final)"
                            + (created.firstError() == null ? "" : "; first error: " + created.firstError()));
                }
            }
        }
        return node;
    }
}
