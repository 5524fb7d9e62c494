package io.agentruns.client.internal;

import java.net.http.HttpHeaders;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How long to wait before a retry: the server's {@code Retry-After} (seconds or HTTP date) or
 * {@code retry-after-ms} when it is given and at most a minute, else exponential backoff with jitter.
 */
public final class Backoff {
    private static final Duration MAX_HONOURED_RETRY_AFTER = Duration.ofSeconds(60);

    private final Duration initial;
    private final Duration max;
    private final Clock clock;

    public Backoff(Duration initial, Duration max, Clock clock) {
        this.initial = initial;
        this.max = max;
        this.clock = clock;
    }

    /** Delay before retry number {@code retry} (1-based), given the answer's headers (may be null). */
    public Duration delay(int retry, HttpHeaders headers) {
        Optional<Duration> fromServer = retryAfter(headers);
        if (fromServer.isPresent()) {
            return fromServer.get();
        }
        double base = Math.min(initial.toMillis() * Math.pow(2, retry - 1), max.toMillis());
        // Jitter of up to 25% keeps many clients that failed together from retrying together.
        double jitter = 1 - ThreadLocalRandom.current().nextDouble() * 0.25;
        return Duration.ofMillis(Math.max(0, Math.round(base * jitter)));
    }

    Optional<Duration> retryAfter(HttpHeaders headers) {
        if (headers == null) {
            return Optional.empty();
        }
        Optional<Duration> d = headers.firstValue("retry-after-ms").flatMap(Backoff::millis)
                .or(() -> headers.firstValue("Retry-After").flatMap(this::secondsOrDate));
        return d.filter(x -> !x.isNegative() && x.compareTo(MAX_HONOURED_RETRY_AFTER) <= 0);
    }

    private static Optional<Duration> millis(String v) {
        try {
            return Optional.of(Duration.ofMillis(Math.round(Double.parseDouble(v.trim()))));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private Optional<Duration> secondsOrDate(String v) {
        try {
            return Optional.of(Duration.ofMillis(Math.round(Double.parseDouble(v.trim()) * 1000)));
        } catch (NumberFormatException e) {
            try {
                Instant at = ZonedDateTime.parse(v.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
                Duration d = Duration.between(clock.instant(), at);
                return Optional.of(d.isNegative() ? Duration.ZERO : d);
            } catch (DateTimeParseException e2) {
                return Optional.empty();
            }
        }
    }
}
