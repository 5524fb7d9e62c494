package io.agentruns.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Joins the per-phase JSON files of one bench run into bench/results/&lt;timestamp&gt;.json, prints
 * the summary table and, as the very last line, one JSON object with the ratios.
 */
final class Report {
    private Report() {
    }

    /** One target of issue 8: {@code value} compared with {@code limit}; {@code atLeast} = higher is better. */
    record Target(String name, double value, double limit, boolean atLeast, String unit) {
        boolean measured() {
            return !Double.isNaN(value);
        }

        boolean met() {
            return measured() && (atLeast ? value >= limit : value <= limit);
        }
    }

    static ObjectNode run(Options o) throws IOException {
        Path dir = Path.of(o.get("dir"));
        ObjectNode result = assemble(dir);
        Path out = Path.of(o.get("result"));
        Files.createDirectories(out.getParent());
        Files.writeString(out, ServiceApi.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(result) + "\n");
        String markdown = o.get("markdown", "");
        if (!markdown.isEmpty()) {
            Files.writeString(Path.of(markdown), markdown(result));
        }
        System.out.println(table(result));
        System.out.println("results: " + out);
        System.out.println(ServiceApi.JSON.writeValueAsString(result.get("ratios")));
        return null;
    }

    static ObjectNode assemble(Path dir) throws IOException {
        ObjectNode r = ServiceApi.JSON.createObjectNode();
        r.setAll((ObjectNode) read(dir, "meta"));
        ObjectNode create = r.putObject("create");
        for (String c : List.of("c16", "c64")) {
            ObjectNode side = create.putObject(c);
            side.set("agentruns", read(dir, "create_" + c));
            side.set("pgbench", read(dir, "pgbench_" + c));
            putNumber(side, "ratio", ratio(side.path("agentruns").path("throughput_rps"), side.path("pgbench").path("throughput_rps")));
        }
        // Reference only: the run row + its first event in one transaction, as the service's create writes.
        ((ObjectNode) create.get("c16")).set("pgbench_run_and_event_tx", read(dir, "pgbench_ctx16"));
        ObjectNode readPhase = r.putObject("read");
        readPhase.set("agentruns", read(dir, "read_service"));
        readPhase.set("nginx", read(dir, "read_nginx"));
        putNumber(readPhase, "ratio", ratio(readPhase.path("agentruns").path("throughput_rps"), readPhase.path("nginx").path("throughput_rps")));
        r.set("dispatch", read(dir, "dispatch"));
        ObjectNode lifecycle = r.putObject("lifecycle");
        lifecycle.set("agentruns", read(dir, "lifecycle"));
        lifecycle.set("db_scheduler", read(dir, "db_scheduler"));
        putNumber(lifecycle, "ratio", ratio(lifecycle.path("agentruns").path("runs_per_s"), lifecycle.path("db_scheduler").path("runs_per_s")));
        r.set("scale", read(dir, "scale"));
        r.set("memory", read(dir, "memory"));

        ObjectNode ratios = r.putObject("ratios");
        putNumber(ratios, "create_c16_vs_pgbench", num(create.path("c16").path("ratio")));
        putNumber(ratios, "create_c64_vs_pgbench", num(create.path("c64").path("ratio")));
        putNumber(ratios, "read_vs_nginx", num(readPhase.path("ratio")));
        putNumber(ratios, "lifecycle_vs_db_scheduler", num(lifecycle.path("ratio")));
        putNumber(ratios, "list_last_page_vs_first_page_p50", ratio(
                r.path("scale").path("cursor_walk").path("last_page_repeated").path("p50_ms"),
                r.path("scale").path("cursor_walk").path("page_1_repeated").path("p50_ms")));

        var targets = r.putArray("targets");
        for (Target t : targets(r)) {
            ObjectNode n = targets.addObject();
            n.put("name", t.name());
            n.put("target", (t.atLeast() ? ">= " : "<= ") + fmt(t.limit()) + t.unit());
            if (t.measured()) {
                n.put("value", LatencyStats.round2(t.value()));
            }
            n.put("met", t.met());
        }
        return r;
    }

    static List<Target> targets(JsonNode r) {
        List<Target> list = new ArrayList<>();
        list.add(new Target("create c16 vs pgbench", num(r.path("create").path("c16").path("ratio")), 0.5, true, "x"));
        list.add(new Target("create c64 vs pgbench", num(r.path("create").path("c64").path("ratio")), 0.5, true, "x"));
        list.add(new Target("read vs nginx", num(r.path("read").path("ratio")), 0.3, true, "x"));
        list.add(new Target("dispatch p99", num(r.path("dispatch").path("queued_to_inprogress").path("p99_ms")), 50, false, " ms"));
        list.add(new Target("lifecycle vs db-scheduler", num(r.path("lifecycle").path("ratio")), 1.0, true, "x"));
        double listP99 = Double.NaN;
        for (JsonNode f : r.path("scale").path("filters")) {
            listP99 = Double.isNaN(listP99) ? num(f.path("latency").path("p99_ms")) : Math.max(listP99, num(f.path("latency").path("p99_ms")));
        }
        list.add(new Target("list p99 (worst filter)", listP99, 20, false, " ms"));
        list.add(new Target("list p99 (deepest page)", num(r.path("scale").path("cursor_walk").path("last_page_repeated").path("p99_ms")), 20, false, " ms"));
        list.add(new Target("list deepest/first page p50", num(r.path("ratios").path("list_last_page_vs_first_page_p50")), 1.5, false, "x"));
        list.add(new Target("peak RSS", num(r.path("memory").path("peak_rss_mib")), 512, false, " MiB"));
        return list;
    }

    static String table(JsonNode r) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%nagentruns bench (%s, %s)%n", r.path("mode").asString("?"), r.path("timestamp").asString("?")));
        String row = "%-34s %14s %10s %10s   %-24s %8s%n";
        out.append(String.format(Locale.ROOT, row, "figure", "agentruns", "p50 ms", "p99 ms", "baseline", "ratio"));
        for (String c : List.of("c16", "c64")) {
            JsonNode side = r.path("create").path(c);
            out.append(String.format(Locale.ROOT, row, "create " + c + " (req/s)", fmt(num(side.path("agentruns").path("throughput_rps"))),
                    fmt(num(side.path("agentruns").path("latency").path("p50_ms"))), fmt(num(side.path("agentruns").path("latency").path("p99_ms"))),
                    "pgbench " + fmt(num(side.path("pgbench").path("throughput_rps"))) + " tps", fmt(num(side.path("ratio")))));
        }
        JsonNode tx = r.path("create").path("c16").path("pgbench_run_and_event_tx");
        if (tx.has("throughput_rps")) {
            out.append(String.format(Locale.ROOT, row, "  (pgbench run+event tx, c16)", fmt(num(tx.path("throughput_rps"))),
                    fmt(num(tx.path("latency").path("p50_ms"))), fmt(num(tx.path("latency").path("p99_ms"))), "reference", ""));
        }
        JsonNode read = r.path("read");
        out.append(String.format(Locale.ROOT, row, "read GET /runs/{id} (req/s)", fmt(num(read.path("agentruns").path("throughput_rps"))),
                fmt(num(read.path("agentruns").path("latency").path("p50_ms"))), fmt(num(read.path("agentruns").path("latency").path("p99_ms"))),
                "nginx " + fmt(num(read.path("nginx").path("throughput_rps"))) + " req/s", fmt(num(read.path("ratio")))));
        JsonNode d = r.path("dispatch").path("queued_to_inprogress");
        out.append(String.format(Locale.ROOT, row, "dispatch QUEUED->INPROGRESS (" + d.path("count").asLong() + " runs)", "",
                fmt(num(d.path("p50_ms"))), fmt(num(d.path("p99_ms"))), "", ""));
        JsonNode l = r.path("lifecycle");
        out.append(String.format(Locale.ROOT, row, "lifecycle (runs/s)", fmt(num(l.path("agentruns").path("runs_per_s"))), "", "",
                "db-scheduler " + fmt(num(l.path("db_scheduler").path("runs_per_s"))) + "/s", fmt(num(l.path("ratio")))));
        for (JsonNode f : r.path("scale").path("filters")) {
            out.append(String.format(Locale.ROOT, row, "list " + abbreviate(f.path("query").asString(), 29), "",
                    fmt(num(f.path("latency").path("p50_ms"))), fmt(num(f.path("latency").path("p99_ms"))), "", ""));
        }
        JsonNode walk = r.path("scale").path("cursor_walk");
        out.append(String.format(Locale.ROOT, row, "list page 1", "", fmt(num(walk.path("page_1_repeated").path("p50_ms"))),
                fmt(num(walk.path("page_1_repeated").path("p99_ms"))), "", ""));
        out.append(String.format(Locale.ROOT, row, "list page " + walk.path("pages_walked").asLong() + " (cursor)", "",
                fmt(num(walk.path("last_page_repeated").path("p50_ms"))), fmt(num(walk.path("last_page_repeated").path("p99_ms"))),
                "page 1", fmt(num(r.path("ratios").path("list_last_page_vs_first_page_p50")))));
        out.append(String.format(Locale.ROOT, row, "peak RSS (MiB)", fmt(num(r.path("memory").path("peak_rss_mib"))), "", "", "", ""));
        out.append(String.format(Locale.ROOT, "%ntargets:%n"));
        for (Target t : targets(r)) {
            out.append(String.format(Locale.ROOT, "  %-30s %10s  target %s%s  %s%n", t.name(), t.measured() ? fmt(t.value()) + t.unit() : "n/a",
                    t.atLeast() ? ">= " : "<= ", fmt(t.limit()) + t.unit(), !t.measured() ? "NOT MEASURED" : t.met() ? "met" : "MISSED"));
        }
        return out.toString();
    }

    /** The figures and targets as Markdown tables, for docs/performance.md. */
    static String markdown(JsonNode r) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "Run `%s` (%s mode, commit %s, %s CPUs, load average %s at start, PostgreSQL %s, %s workers).%n%n",
                r.path("timestamp").asString("?"), r.path("mode").asString("?"), r.path("git_commit").asString("?"),
                r.path("cpus").asString("?"), r.path("load_average_at_start").asString("?"), r.path("postgresql").asString("?"),
                r.path("workers").asString("?")));
        out.append("| figure | agentruns | p50 ms | p99 ms | baseline | ratio |\n|---|---:|---:|---:|---|---:|\n");
        for (String c : List.of("c16", "c64")) {
            JsonNode side = r.path("create").path(c);
            out.append(String.format(Locale.ROOT, "| create, %s connections | %s req/s | %s | %s | pgbench %s tx/s (p50 %s, p99 %s ms) | %s |%n",
                    c.substring(1), fmt(num(side.path("agentruns").path("throughput_rps"))),
                    fmt(num(side.path("agentruns").path("latency").path("p50_ms"))), fmt(num(side.path("agentruns").path("latency").path("p99_ms"))),
                    fmt(num(side.path("pgbench").path("throughput_rps"))), fmt(num(side.path("pgbench").path("latency").path("p50_ms"))),
                    fmt(num(side.path("pgbench").path("latency").path("p99_ms"))), fmt(num(side.path("ratio")))));
        }
        JsonNode tx = r.path("create").path("c16").path("pgbench_run_and_event_tx");
        if (tx.has("throughput_rps")) {
            out.append(String.format(Locale.ROOT, "| (reference) pgbench run + event in one transaction, 16 clients | %s tx/s | %s | %s | | |%n",
                    fmt(num(tx.path("throughput_rps"))), fmt(num(tx.path("latency").path("p50_ms"))), fmt(num(tx.path("latency").path("p99_ms")))));
        }
        JsonNode read = r.path("read");
        out.append(String.format(Locale.ROOT, "| read GET /runs/{id}, 64 connections (%s-byte body) | %s req/s | %s | %s | nginx %s req/s (p50 %s, p99 %s ms) | %s |%n",
                r.path("read_body_bytes").asString("?"), fmt(num(read.path("agentruns").path("throughput_rps"))),
                fmt(num(read.path("agentruns").path("latency").path("p50_ms"))), fmt(num(read.path("agentruns").path("latency").path("p99_ms"))),
                fmt(num(read.path("nginx").path("throughput_rps"))), fmt(num(read.path("nginx").path("latency").path("p50_ms"))),
                fmt(num(read.path("nginx").path("latency").path("p99_ms"))), fmt(num(read.path("ratio")))));
        JsonNode d = r.path("dispatch");
        out.append(String.format(Locale.ROOT, "| dispatch QUEUED -> INPROGRESS, %s runs at %s/s | | %s | %s | | |%n",
                d.path("queued_to_inprogress").path("count").asString("?"), d.path("rate_per_s").asString("?"),
                fmt(num(d.path("queued_to_inprogress").path("p50_ms"))), fmt(num(d.path("queued_to_inprogress").path("p99_ms")))));
        JsonNode l = r.path("lifecycle");
        out.append(String.format(Locale.ROOT, "| lifecycle, %s runs | %s runs/s | | | db-scheduler %s tasks/s | %s |%n",
                l.path("agentruns").path("runs").asString("?"), fmt(num(l.path("agentruns").path("runs_per_s"))),
                fmt(num(l.path("db_scheduler").path("runs_per_s"))), fmt(num(l.path("ratio")))));
        for (JsonNode f : r.path("scale").path("filters")) {
            out.append(String.format(Locale.ROOT, "| list `%s` (%s rows in table) | %s items | %s | %s | | |%n",
                    f.path("query").asString().replace("|", "\\|"), r.path("runs_in_table").asString("?"), f.path("items_per_page").asString("?"),
                    fmt(num(f.path("latency").path("p50_ms"))), fmt(num(f.path("latency").path("p99_ms")))));
        }
        JsonNode walk = r.path("scale").path("cursor_walk");
        out.append(String.format(Locale.ROOT, "| list page 1 (repeated) | | %s | %s | | |%n",
                fmt(num(walk.path("page_1_repeated").path("p50_ms"))), fmt(num(walk.path("page_1_repeated").path("p99_ms")))));
        out.append(String.format(Locale.ROOT, "| list page %s through the cursor (repeated) | | %s | %s | page 1 | %s |%n",
                walk.path("pages_walked").asString("?"), fmt(num(walk.path("last_page_repeated").path("p50_ms"))),
                fmt(num(walk.path("last_page_repeated").path("p99_ms"))), fmt(num(r.path("ratios").path("list_last_page_vs_first_page_p50")))));
        out.append(String.format(Locale.ROOT, "| peak RSS (VmHWM) | %s MiB | | | | |%n%n", fmt(num(r.path("memory").path("peak_rss_mib")))));
        out.append("| target | value | met |\n|---|---:|---|\n");
        for (Target t : targets(r)) {
            out.append(String.format(Locale.ROOT, "| %s %s%s | %s | %s |%n", t.name(), t.atLeast() ? ">=" : "<=", fmt(t.limit()) + t.unit(),
                    t.measured() ? fmt(t.value()) + t.unit() : "n/a", !t.measured() ? "not measured" : t.met() ? "yes" : "**no**"));
        }
        return out.toString();
    }

    static double ratio(JsonNode numerator, JsonNode denominator) {
        double n = num(numerator);
        double d = num(denominator);
        if (Double.isNaN(n) || Double.isNaN(d) || d == 0) {
            return Double.NaN;
        }
        return Math.round(n / d * 1000.0) / 1000.0;
    }

    /** A missing figure is written as JSON null, never as a misleading 0. */
    private static void putNumber(ObjectNode node, String field, double value) {
        if (Double.isNaN(value)) {
            node.putNull(field);
        } else {
            node.put(field, value);
        }
    }

    private static double num(JsonNode node) {
        return node.isNumber() ? node.asDouble() : Double.NaN;
    }

    private static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (Math.abs(v) >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private static String abbreviate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "~";
    }

    private static JsonNode read(Path dir, String name) throws IOException {
        Path file = dir.resolve(name + ".json");
        if (!Files.exists(file)) {
            return ServiceApi.JSON.createObjectNode();
        }
        return ServiceApi.JSON.readTree(Files.readString(file));
    }
}
