package io.agentruns.bench;

import org.HdrHistogram.Histogram;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Latency percentiles of one measurement, recorded in microseconds into an HdrHistogram
 * (3 significant digits, up to one hour) so that p99 is exact to 0.1% without keeping samples.
 * Not thread-safe: each load thread records into its own instance and they are merged with {@link #add}.
 */
public final class LatencyStats {
    private static final long MAX_MICROS = 3_600_000_000L;
    private final Histogram histogram = new Histogram(MAX_MICROS, 3);

    public void recordNanos(long nanos) {
        recordMicros(Math.max(1, nanos / 1_000));
    }

    public void recordMicros(long micros) {
        histogram.recordValue(Math.min(Math.max(micros, 0), MAX_MICROS));
    }

    public void recordMillis(double millis) {
        recordMicros(Math.round(millis * 1_000));
    }

    public void add(LatencyStats other) {
        histogram.add(other.histogram);
    }

    public long count() {
        return histogram.getTotalCount();
    }

    /** The latency at {@code percentile} (0..100) in milliseconds; 0 when nothing was recorded. */
    public double percentileMillis(double percentile) {
        if (count() == 0) {
            return 0;
        }
        return histogram.getValueAtPercentile(percentile) / 1_000.0;
    }

    public double meanMillis() {
        return count() == 0 ? 0 : histogram.getMean() / 1_000.0;
    }

    public double maxMillis() {
        return count() == 0 ? 0 : histogram.getMaxValue() / 1_000.0;
    }

    /** count, p50, p90, p99, max and mean in milliseconds, rounded to 0.01 ms. */
    public ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("count", count());
        node.put("p50_ms", round2(percentileMillis(50)));
        node.put("p90_ms", round2(percentileMillis(90)));
        node.put("p99_ms", round2(percentileMillis(99)));
        node.put("max_ms", round2(maxMillis()));
        node.put("mean_ms", round2(meanMillis()));
        return node;
    }

    static double round2(double value) {
        return Math.round(value * 100.0) / 100.0;
    }
}
