package io.agentruns.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.node.ObjectNode;

/** Reads the text that {@code wrk --latency} prints into the same figures as the HTTP phases. */
final class WrkOutput {
    private static final Pattern RPS = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
    private static final Pattern TOTAL = Pattern.compile("(\\d+) requests in ([0-9.]+)(us|ms|s|m|h)");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses: (\\d+)");
    private static final Pattern ERRORS = Pattern.compile("Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");
    private static final Pattern PERCENTILE = Pattern.compile("^\\s+(50|75|90|99)(?:\\.0+)?%\\s+([0-9.]+)(us|ms|s|m|h)\\s*$", Pattern.MULTILINE);

    private WrkOutput() {
    }

    static ObjectNode run(Options o) throws IOException {
        ObjectNode node = parse(Files.readString(Path.of(o.get("stdout"))));
        node.put("connections", o.getInt("connections", 0));
        Bench.log("wrk " + o.get("label", "") + ": " + node.path("throughput_rps").asDouble() + " req/s, p50 "
                + node.path("latency").path("p50_ms").asDouble() + " ms, p99 " + node.path("latency").path("p99_ms").asDouble()
                + " ms, errors " + node.path("errors").asLong());
        return node;
    }

    static ObjectNode parse(String text) {
        ObjectNode node = ServiceApi.JSON.createObjectNode();
        Matcher total = TOTAL.matcher(text);
        long requests = 0;
        if (total.find()) {
            requests = Long.parseLong(total.group(1));
            node.put("seconds", LatencyStats.round2(toMillis(Double.parseDouble(total.group(2)), total.group(3)) / 1000));
        }
        long errors = 0;
        Matcher non2xx = NON_2XX.matcher(text);
        if (non2xx.find()) {
            errors += Long.parseLong(non2xx.group(1));
        }
        Matcher socket = ERRORS.matcher(text);
        if (socket.find()) {
            for (int g = 1; g <= 4; g++) {
                errors += Long.parseLong(socket.group(g));
            }
        }
        node.put("ok", Math.max(0, requests - errors));
        node.put("errors", errors);
        Matcher rps = RPS.matcher(text);
        node.put("throughput_rps", rps.find() ? LatencyStats.round2(Double.parseDouble(rps.group(1))) : 0);
        ObjectNode latency = node.putObject("latency");
        latency.put("count", requests);
        Matcher p = PERCENTILE.matcher(text);
        while (p.find()) {
            latency.put("p" + p.group(1) + "_ms", LatencyStats.round2(toMillis(Double.parseDouble(p.group(2)), p.group(3))));
        }
        node.put("tool", "wrk");
        return node;
    }

    static double toMillis(double value, String unit) {
        return switch (unit) {
            case "us" -> value / 1000;
            case "ms" -> value;
            case "s" -> value * 1000;
            case "m" -> value * 60_000;
            case "h" -> value * 3_600_000;
            default -> throw new IllegalArgumentException("unit " + unit);
        };
    }
}
