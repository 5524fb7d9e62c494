package io.agentruns.agent.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.agentruns.core.event.EventType;
import io.agentruns.core.harness.EventSink;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps the events a harness emits, in order, for assertions. */
public final class RecordingEventSink implements EventSink {
    public record Event(EventType type, Map<String, Object> data) {
    }

    private final List<Event> events = new CopyOnWriteArrayList<>();

    @Override
    public void emit(EventType type, Map<String, Object> data) {
        events.add(new Event(type, Map.copyOf(data)));
    }

    public List<Event> all() {
        return List.copyOf(events);
    }

    public List<Map<String, Object>> of(EventType type) {
        return events.stream().filter(e -> e.type() == type).map(Event::data).toList();
    }

    /** Everything recorded as one JSON text, to check that a secret appears nowhere. */
    public String asJson() {
        try {
            return new ObjectMapper().writeValueAsString(events.stream().map(e -> Map.of("type", e.type().wireName(),
                    "data", e.data())).toList());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
