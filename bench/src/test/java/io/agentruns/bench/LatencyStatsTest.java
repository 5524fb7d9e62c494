package io.agentruns.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LatencyStatsTest {

    @Test
    void percentilesOfOneToThousandMillis() {
        LatencyStats stats = new LatencyStats();
        for (int ms = 1; ms <= 1000; ms++) {
            stats.recordNanos(ms * 1_000_000L);
        }
        assertThat(stats.count()).isEqualTo(1000);
        assertThat(stats.percentileMillis(50)).isCloseTo(500, within(0.5));
        assertThat(stats.percentileMillis(99)).isCloseTo(990, within(1.0));
        assertThat(stats.maxMillis()).isCloseTo(1000, within(1.0));
        assertThat(stats.meanMillis()).isCloseTo(500.5, within(0.5));
    }

    @Test
    void mergedThreadsGiveTheSamePercentilesAsOneRecorder() {
        LatencyStats a = new LatencyStats();
        LatencyStats b = new LatencyStats();
        LatencyStats all = new LatencyStats();
        for (int i = 0; i < 500; i++) {
            a.recordMicros(100 + i);
            b.recordMicros(10_000 + i);
            all.recordMicros(100 + i);
            all.recordMicros(10_000 + i);
        }
        a.add(b);
        assertThat(a.count()).isEqualTo(1000);
        assertThat(a.percentileMillis(50)).isEqualTo(all.percentileMillis(50));
        assertThat(a.percentileMillis(99)).isEqualTo(all.percentileMillis(99));
        assertThat(a.percentileMillis(99)).isCloseTo(10.49, within(0.02));
    }

    @Test
    void emptyStatsAreZeroAndJsonHasEveryField() {
        LatencyStats stats = new LatencyStats();
        assertThat(stats.percentileMillis(99)).isZero();
        assertThat(stats.toJson().propertyNames()).containsExactly("count", "p50_ms", "p90_ms", "p99_ms", "max_ms", "mean_ms");
    }

    @Test
    void subMillisecondValuesAreKeptAndHugeOnesClamped() {
        LatencyStats stats = new LatencyStats();
        stats.recordMillis(0.25);
        stats.recordMicros(Long.MAX_VALUE);
        assertThat(stats.percentileMillis(10)).isCloseTo(0.25, within(0.001));
        assertThat(stats.maxMillis()).isCloseTo(3_600_000, within(3_600.0));
    }
}
