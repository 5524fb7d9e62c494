package io.agentruns.bench;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import tools.jackson.databind.node.ObjectNode;

/**
 * Phase 3: QUEUED -> INPROGRESS latency with idle workers. Runs are created at a fixed rate far
 * below the workers' capacity (open loop, so creates never queue behind each other), then the
 * latency of each run is read from the database: the INPROGRESS state event's created_at (or
 * runs.started_at) minus runs.created_at -- both stamped by the service's own clock.
 */
final class DispatchCommand {
    private DispatchCommand() {
    }

    // Two fixed ways to find when a run became INPROGRESS; chosen by --start-source.
    private static final String FROM_STARTED_AT =
            "select extract(epoch from (started_at - created_at)) * 1000, "
                    + "extract(epoch from (coalesce(finished_at, updated_at) - created_at)) * 1000 "
                    + "from runs where config_name = ? and started_at is not null";
    private static final String FROM_EVENTS =
            "select extract(epoch from (e.created_at - r.created_at)) * 1000, "
                    + "extract(epoch from (coalesce(r.finished_at, r.updated_at) - r.created_at)) * 1000 "
                    + "from runs r join run_events e on e.run_id = r.id and e.event_type = 'state' "
                    + "and e.data like '%INPROGRESS%' where r.config_name = ?";

    static ObjectNode run(Options o) throws Exception {
        ServiceApi api = new ServiceApi(o.get("base"), o.get("key"));
        int count = o.getInt("count", 2000);
        double rate = o.getDouble("rate", 100);
        String configName = o.get("config-name", "bench-dispatch");
        boolean fromEvents = o.get("start-source", "started_at").equals("events");
        AtomicLong ok = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        Semaphore inFlight = new Semaphore(32);
        long start = System.nanoTime();
        // Up to 32 creates in flight, each on a connection taken from this pool and given back after.
        ConcurrentLinkedQueue<HttpConnection> idle = new ConcurrentLinkedQueue<>();
        try (ExecutorService senders = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < count; i++) {
                long due = start + (long) (i * 1e9 / rate);
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                }
                inFlight.acquire();
                final long n = i;
                senders.submit(() -> {
                    HttpConnection connection = idle.poll();
                    if (connection == null) {
                        connection = api.connect();
                    }
                    try {
                        HttpConnection.Response r = connection.send(api.create(ServiceApi.createBody(n, configName, null)));
                        (r.statusCode() / 100 == 2 ? ok : errors).incrementAndGet();
                    } catch (Exception e) {
                        errors.incrementAndGet();
                    } finally {
                        idle.add(connection);
                        inFlight.release();
                    }
                });
            }
            senders.shutdown();
            senders.awaitTermination(60, TimeUnit.SECONDS);
        } finally {
            idle.forEach(HttpConnection::close);
        }
        double createSeconds = (System.nanoTime() - start) / 1e9;
        LatencyStats dispatch = new LatencyStats();
        LatencyStats endToEnd = new LatencyStats();
        try (Db db = new Db(o.get("jdbc"))) {
            String started = fromEvents
                    ? "select count(*) from runs r where r.config_name = ? and exists (select 1 from run_events e where e.run_id = r.id and e.event_type = 'state' and e.data like '%INPROGRESS%')"
                    : "select count(*) from runs where config_name = ? and started_at is not null";
            long seen = db.awaitCount(started, configName, v -> v >= ok.get(), o.getSeconds("timeout", 60));
            if (seen < ok.get()) {
                Bench.log("dispatch: only " + seen + " of " + ok.get() + " runs started before the timeout");
            }
            try (PreparedStatement ps = db.connection().prepareStatement(fromEvents ? FROM_EVENTS : FROM_STARTED_AT)) {
                ps.setString(1, configName);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        dispatch.recordMillis(rs.getDouble(1));
                        endToEnd.recordMillis(rs.getDouble(2));
                    }
                }
            }
        }
        ObjectNode node = ServiceApi.JSON.createObjectNode();
        node.put("runs_created", ok.get());
        node.put("create_errors", errors.get());
        node.put("rate_per_s", rate);
        node.put("create_seconds", LatencyStats.round2(createSeconds));
        node.put("start_source", fromEvents ? "run_events INPROGRESS" : "runs.started_at");
        node.set("queued_to_inprogress", dispatch.toJson());
        node.set("created_to_final", endToEnd.toJson());
        Bench.log("dispatch over " + dispatch.count() + " runs: p50 " + dispatch.percentileMillis(50)
                + " ms, p99 " + dispatch.percentileMillis(99) + " ms (errors " + errors.get() + ")");
        return node;
    }
}
