package io.agentruns.bench;

import java.net.URI;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.node.ObjectNode;

/** Phase 1: closed-loop POST /agent/run at a fixed number of connections. */
final class CreateCommand {
    private CreateCommand() {
    }

    static ObjectNode run(Options o) throws Exception {
        ServiceApi api = new ServiceApi(o.get("base"), o.get("key"));
        int connections = o.getInt("connections", 16);
        String configName = o.get("config-name", "bench-create");
        String workerHost = o.get("worker-host", "");
        HttpLoad load = new HttpLoad(URI.create(o.get("base")), connections);
        AtomicReference<String> sampleRunId = new AtomicReference<>();
        if (o.getDouble("warmup", 0) > 0) {
            HttpLoad.Result warm = load.run(o.getSeconds("warmup", 0), Long.MAX_VALUE,
                    n -> api.create(ServiceApi.createBody(n, configName + "-warmup", workerHost)), (n, r) -> { });
            Bench.log("create warmup c=" + connections + ": " + Math.round(warm.throughput()) + " req/s");
        }
        HttpLoad.Result result = load.run(o.getSeconds("duration", 10), o.getInt("max-requests", Integer.MAX_VALUE),
                n -> api.create(ServiceApi.createBody(n, configName, workerHost)),
                (n, response) -> {
                    if (sampleRunId.get() == null) {
                        sampleRunId.compareAndSet(null, ServiceApi.JSON.readTree(response.body()).path("run_id").asString());
                    }
                });
        ObjectNode node = result.toJson();
        node.put("connections", connections);
        if (sampleRunId.get() != null) {
            node.put("sample_run_id", sampleRunId.get());
        }
        Bench.log("create c=" + connections + ": " + Math.round(result.throughput()) + " req/s, p50 "
                + result.latency().percentileMillis(50) + " ms, p99 " + result.latency().percentileMillis(99)
                + " ms, errors " + result.errors() + (result.firstError() == null ? "" : " first: " + result.firstError()));
        return node;
    }
}
