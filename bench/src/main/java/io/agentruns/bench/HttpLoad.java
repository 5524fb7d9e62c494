package io.agentruns.bench;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.LongFunction;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Closed-loop HTTP load: {@code connections} threads each own one keep-alive {@link HttpConnection}
 * and send one request at a time on it until the time budget or the request budget is used up,
 * whichever comes first. It always stops by itself.
 */
final class HttpLoad {
    private final URI server;
    private final int connections;

    HttpLoad(URI server, int connections) {
        this.server = server;
        this.connections = connections;
    }

    /** What one load phase measured. */
    record Result(LatencyStats latency, long ok, long errors, Map<Integer, Long> statuses,
                  double elapsedSeconds, String firstError) {
        double throughput() {
            return elapsedSeconds <= 0 ? 0 : ok / elapsedSeconds;
        }

        ObjectNode toJson() {
            ObjectNode node = JsonNodeFactory.instance.objectNode();
            node.put("ok", ok);
            node.put("errors", errors);
            node.put("seconds", LatencyStats.round2(elapsedSeconds));
            node.put("throughput_rps", LatencyStats.round2(throughput()));
            node.set("latency", latency.toJson());
            ObjectNode st = node.putObject("statuses");
            statuses.forEach((k, v) -> st.put(String.valueOf(k), v));
            if (firstError != null) {
                node.put("first_error", firstError);
            }
            return node;
        }
    }

    /**
     * Runs the load. {@code requests} makes the n-th request (n counts from 0 across all threads);
     * {@code onSuccess} sees every 2xx response (called concurrently).
     */
    Result run(Duration duration, long maxRequests, LongFunction<HttpConnection.Request> requests,
               BiConsumer<Long, HttpConnection.Response> onSuccess) {
        AtomicLong issued = new AtomicLong();
        AtomicLong ok = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        AtomicReference<String> firstError = new AtomicReference<>();
        Map<Integer, AtomicLong> statuses = new ConcurrentHashMap<>();
        List<LatencyStats> perThread = new ArrayList<>();
        long start = System.nanoTime();
        long deadline = start + duration.toNanos();
        try (ExecutorService threads = Executors.newFixedThreadPool(connections)) {
            for (int t = 0; t < connections; t++) {
                LatencyStats mine = new LatencyStats();
                perThread.add(mine);
                threads.submit(() -> {
                    try (HttpConnection connection = new HttpConnection(server)) {
                        while (System.nanoTime() < deadline) {
                            long n = issued.getAndIncrement();
                            if (n >= maxRequests) {
                                return;
                            }
                            HttpConnection.Request request = requests.apply(n);
                            long sent = System.nanoTime();
                            try {
                                HttpConnection.Response response = connection.send(request);
                                mine.recordNanos(System.nanoTime() - sent);
                                statuses.computeIfAbsent(response.statusCode(), k -> new AtomicLong()).incrementAndGet();
                                if (response.statusCode() / 100 == 2) {
                                    ok.incrementAndGet();
                                    onSuccess.accept(n, response);
                                } else {
                                    errors.incrementAndGet();
                                    firstError.compareAndSet(null, response.statusCode() + " " + response.bodyText());
                                }
                            } catch (IOException e) {
                                errors.incrementAndGet();
                                firstError.compareAndSet(null, e.toString());
                            }
                        }
                    }
                });
            }
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        LatencyStats merged = new LatencyStats();
        perThread.forEach(merged::add);
        Map<Integer, Long> statusCounts = new TreeMap<>();
        statuses.forEach((k, v) -> statusCounts.put(k, v.get()));
        return new Result(merged, ok.get(), errors.get(), statusCounts, elapsed, firstError.get());
    }
}
