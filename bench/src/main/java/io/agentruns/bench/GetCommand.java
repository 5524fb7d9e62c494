package io.agentruns.bench;

import java.net.URI;
import tools.jackson.databind.node.ObjectNode;

/** Closed-loop GET of one URL (the fallback for phase 2 when wrk is not installed). */
final class GetCommand {
    private GetCommand() {
    }

    static ObjectNode run(Options o) throws Exception {
        String url = o.get("url");
        String key = o.get("key", "");
        int connections = o.getInt("connections", 16);
        HttpConnection.Request request = HttpConnection.Request.get(URI.create(url), key.isEmpty() ? null : "Bearer " + key);
        HttpLoad load = new HttpLoad(URI.create(url), connections);
        if (o.getDouble("warmup", 0) > 0) {
            load.run(o.getSeconds("warmup", 0), Long.MAX_VALUE, n -> request, (n, r) -> { });
        }
        HttpLoad.Result result = load.run(o.getSeconds("duration", 10), Long.MAX_VALUE, n -> request, (n, r) -> { });
        ObjectNode node = result.toJson();
        node.put("connections", connections);
        node.put("tool", "bench HttpConnection");
        Bench.log("get " + url + " c=" + connections + ": " + Math.round(result.throughput()) + " req/s, errors " + result.errors());
        return node;
    }
}
