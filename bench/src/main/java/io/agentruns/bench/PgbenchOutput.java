package io.agentruns.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads what pgbench printed (tps) and its per-transaction logs ({@code --log}: the third column is
 * the transaction's latency in microseconds) into the same figures as the HTTP phases.
 */
final class PgbenchOutput {
    private static final Pattern TPS = Pattern.compile("tps = ([0-9.]+) \\(without initial connection time\\)");
    private static final Pattern FAILED = Pattern.compile("number of failed transactions: (\\d+)");
    private static final Pattern PROCESSED = Pattern.compile("number of transactions actually processed: (\\d+)");
    private static final Pattern DURATION = Pattern.compile("duration: (\\d+) s");

    private PgbenchOutput() {
    }

    static ObjectNode run(Options o) throws IOException {
        String stdout = Files.readString(Path.of(o.get("stdout")));
        LatencyStats latency = new LatencyStats();
        Path prefix = Path.of(o.get("log-prefix"));
        try (Stream<Path> files = Files.list(prefix.getParent())) {
            for (Path file : files.filter(p -> p.getFileName().toString().startsWith(prefix.getFileName() + ".")).toList()) {
                readLog(Files.readAllLines(file), latency);
            }
        }
        ObjectNode node = summary(stdout, latency);
        node.put("clients", o.getInt("clients", 0));
        Bench.log("pgbench c=" + o.getInt("clients", 0) + ": " + node.path("throughput_rps").asDouble() + " tps, p50 "
                + latency.percentileMillis(50) + " ms, p99 " + latency.percentileMillis(99) + " ms");
        return node;
    }

    static void readLog(List<String> lines, LatencyStats into) {
        for (String line : lines) {
            String[] cols = line.trim().split("\\s+");
            if (cols.length >= 3 && cols[2].chars().allMatch(Character::isDigit)) {
                into.recordMicros(Long.parseLong(cols[2]));
            }
        }
    }

    static ObjectNode summary(String stdout, LatencyStats latency) {
        ObjectNode node = ServiceApi.JSON.createObjectNode();
        node.put("ok", longOf(PROCESSED, stdout));
        node.put("errors", longOf(FAILED, stdout));
        node.put("seconds", longOf(DURATION, stdout));
        Matcher tps = TPS.matcher(stdout);
        node.put("throughput_rps", tps.find() ? LatencyStats.round2(Double.parseDouble(tps.group(1))) : 0);
        node.set("latency", latency.toJson());
        node.put("tool", "pgbench");
        return node;
    }

    private static long longOf(Pattern pattern, String text) {
        Matcher m = pattern.matcher(text);
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }
}
