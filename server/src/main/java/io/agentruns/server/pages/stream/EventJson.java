package io.agentruns.server.pages.stream;

import io.agentruns.core.event.RunEvent;
import io.agentruns.model.WireJson;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;

/** The wire form of one event: {@code {run_id, seq, type, created_at, data}}. */
public final class EventJson {
    private EventJson() {
    }

    public static Map<String, Object> toWire(RunEvent e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("run_id", e.runId().toString());
        m.put("seq", e.seq());
        m.put("type", e.type().wireName());
        if (e.createdAt() != null) {
            m.put("created_at", DateTimeFormatter.ISO_INSTANT.format(e.createdAt().truncatedTo(ChronoUnit.MILLIS)));
        }
        m.put("data", e.data() == null ? Map.of() : e.data());
        return m;
    }

    public static String toJson(RunEvent e) {
        return WireJson.mapper().writeValueAsString(toWire(e));
    }
}
