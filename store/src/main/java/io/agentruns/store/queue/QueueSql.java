package io.agentruns.store.queue;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Timestamps (UTC, millisecond precision, bound as OffsetDateTime: portable across both drivers)
 * and JSON columns, as the queue classes write them; same conventions as the rest of the store.
 */
final class QueueSql {
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .changeDefaultPropertyInclusion(incl -> incl.withValueInclusion(JsonInclude.Include.NON_NULL))
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };

    private QueueSql() {
    }

    static Instant now(Clock clock) {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    static OffsetDateTime bind(Instant instant) {
        return instant == null ? null : instant.truncatedTo(ChronoUnit.MILLIS).atOffset(ZoneOffset.UTC);
    }

    static Instant read(ResultSet rs, String column) throws SQLException {
        OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    static String json(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    static Map<String, Object> readMap(String json) {
        return json == null ? Map.of() : MAPPER.readValue(json, MAP);
    }
}
