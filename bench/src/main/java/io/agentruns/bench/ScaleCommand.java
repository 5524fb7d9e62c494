package io.agentruns.bench;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Phase 5: GET /agent/runs on a large table. For each filter (one query string per line of
 * {@code --filters-file}; an empty line = no filter) it sends {@code --requests} lists at
 * {@code --connections} and records p50/p99; then it walks the cursor chain {@code --pages} deep,
 * timing every page, and finally requests the last page's cursor {@code --repeat} times so that
 * the deep page gets a p50/p99 of its own (a keyset cursor is stable, so it is the same query).
 */
final class ScaleCommand {
    private ScaleCommand() {
    }

    static ObjectNode run(Options o) throws Exception {
        ServiceApi api = new ServiceApi(o.get("base"), o.get("key"));
        int requests = o.getInt("requests", 200);
        int connections = o.getInt("connections", 4);
        int pages = o.getInt("pages", 500);
        int repeat = o.getInt("repeat", 100);
        List<String> filters = new ArrayList<>(Files.readAllLines(Path.of(o.get("filters-file"))));
        ObjectNode node = ServiceApi.JSON.createObjectNode();
        URI server = URI.create(o.get("base"));
        try (HttpConnection walker = api.connect()) {
            ArrayNode byFilter = node.putArray("filters");
            LatencyStats allFilters = new LatencyStats();
            // Warm-up of every query first (JIT, PostgreSQL's caches and plans), so that the first
            // filter measured is not the one that pays for it.
            for (String filter : filters) {
                new HttpLoad(server, connections).run(java.time.Duration.ofSeconds(30), Math.max(20, requests / 5),
                        n -> api.list(filter, null), (n, r) -> { });
            }
            for (String filter : filters) {
                HttpLoad load = new HttpLoad(server, connections);
                int[] items = {-1};
                HttpLoad.Result result = load.run(java.time.Duration.ofSeconds(60), requests, n -> api.list(filter, null),
                        (n, r) -> {
                            if (n == 0 || items[0] < 0) {
                                items[0] = ServiceApi.JSON.readTree(r.body()).path("runs").size();
                            }
                        });
                ObjectNode f = result.toJson();
                f.put("query", filter.isBlank() ? "(none)" : filter);
                f.put("items_per_page", items[0]);
                byFilter.add(f);
                allFilters.add(result.latency());
                Bench.log("list " + (filter.isBlank() ? "(no filter)" : filter) + ": p50 " + result.latency().percentileMillis(50)
                        + " ms, p99 " + result.latency().percentileMillis(99) + " ms, " + items[0] + " items, errors " + result.errors()
                        + (result.firstError() == null ? "" : " first: " + result.firstError()));
            }
            node.set("filters_all", allFilters.toJson());
            node.set("cursor_walk", walk(walker, api, o.get("walk-query", ""), pages, repeat));
        }
        return node;
    }

    private static ObjectNode walk(HttpConnection client, ServiceApi api, String query, int pages, int repeat) throws Exception {
        LatencyStats everyPage = new LatencyStats();
        LatencyStats first10 = new LatencyStats();
        LatencyStats last10 = new LatencyStats();
        String cursor = null;
        String lastCursor = null;
        double lastPageMillis = 0;
        int reached = 0;
        long items = 0;
        for (int page = 1; page <= pages; page++) {
            long t0 = System.nanoTime();
            HttpConnection.Response response = client.send(api.list(query, cursor));
            long nanos = System.nanoTime() - t0;
            if (response.statusCode() != 200) {
                throw new IllegalStateException("page " + page + " answered " + response.statusCode() + ": " + response.bodyText());
            }
            everyPage.recordNanos(nanos);
            if (page <= 10) {
                first10.recordNanos(nanos);
            }
            if (page > pages - 10) {
                last10.recordNanos(nanos);
            }
            lastPageMillis = nanos / 1e6;
            reached = page;
            lastCursor = cursor;
            JsonNode body = ServiceApi.JSON.readTree(response.body());
            items += body.path("runs").size();
            JsonNode next = body.path("page_info").path("next_cursor");
            if (next.isMissingNode() || next.isNull() || page == pages) {
                break;
            }
            cursor = next.asString();
        }
        LatencyStats deep = repeatPage(client, api, query, lastCursor, repeat);
        LatencyStats firstPage = repeatPage(client, api, query, null, repeat);
        ObjectNode node = ServiceApi.JSON.createObjectNode();
        node.put("query", query.isBlank() ? "(none)" : query);
        node.put("pages_walked", reached);
        node.put("items_seen", items);
        node.put("last_page_walk_ms", LatencyStats.round2(lastPageMillis));
        node.set("every_page", everyPage.toJson());
        node.set("first_10_pages", first10.toJson());
        node.set("last_10_pages", last10.toJson());
        node.set("page_1_repeated", firstPage.toJson());
        node.set("last_page_repeated", deep.toJson());
        Bench.log("cursor walk: " + reached + " pages, page 1 p50 " + firstPage.percentileMillis(50) + " / p99 "
                + firstPage.percentileMillis(99) + " ms; page " + reached + " p50 " + deep.percentileMillis(50)
                + " / p99 " + deep.percentileMillis(99) + " ms");
        return node;
    }

    private static LatencyStats repeatPage(HttpConnection client, ServiceApi api, String query, String cursor, int repeat) throws Exception {
        LatencyStats stats = new LatencyStats();
        for (int i = 0; i < repeat; i++) {
            long t0 = System.nanoTime();
            HttpConnection.Response response = client.send(api.list(query, cursor));
            long nanos = System.nanoTime() - t0;
            if (response.statusCode() == 200) {
                stats.recordNanos(nanos);
            }
        }
        return stats;
    }
}
