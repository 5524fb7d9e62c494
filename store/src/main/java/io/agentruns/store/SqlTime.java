package io.agentruns.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * Timestamps as the store keeps them: UTC, truncated to milliseconds (so that a value read back
 * compares equal to the one written, which keyset cursors rely on), bound as OffsetDateTime
 * (both drivers support it; Instant is not portable).
 */
public final class SqlTime {
    private SqlTime() {
    }

    public static Instant now(Clock clock) {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    public static OffsetDateTime bind(Instant instant) {
        return instant == null ? null : instant.truncatedTo(ChronoUnit.MILLIS).atOffset(ZoneOffset.UTC);
    }

    public static Instant read(ResultSet rs, String column) throws SQLException {
        OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }
}
