package io.agentruns.store.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/** A clock that tests move by hand; thread-safe, so concurrent writers may advance it too. */
public final class TestClock extends Clock {
    private final AtomicReference<Instant> now;

    public TestClock(Instant start) {
        this.now = new AtomicReference<>(start);
    }

    /** Starts at a time with sub-millisecond digits, so that truncation to millis is observable. */
    public static TestClock startingNow() {
        return new TestClock(Instant.parse("2026-11-22T10:15:30.123456789Z"));
    }

    public Instant advance(Duration by) {
        return now.updateAndGet(t -> t.plus(by));
    }

    public void set(Instant instant) {
        now.set(instant);
    }

    @Override
    public Instant instant() {
        return now.get();
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
