package io.agentruns.server.execution;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.agentruns.core.event.RunEvent;
import java.util.List;
import java.util.Map;

/**
 * One page of a run's event log: {@code {"events": [...], "has_more": bool, "next_after": seq}}.
 * Pass {@code next_after} as {@code after} to read on; it is the last seq returned (or the given
 * {@code after} when the page is empty).
 */
public record RunEventsResponse(
        @JsonProperty("events") List<Item> events,
        @JsonProperty("has_more") boolean hasMore,
        @JsonProperty("next_after") long nextAfter) {

    /** One event: {@code seq}, {@code type} (wire name, e.g. {@code tool.call}), {@code created_at}, {@code data}. */
    public record Item(
            @JsonProperty("seq") long seq,
            @JsonProperty("type") String type,
            @JsonProperty("created_at") String createdAt,
            @JsonProperty("data") Map<String, Object> data) {

        static Item of(RunEvent e) {
            return new Item(e.seq(), e.type().wireName(), e.createdAt().toString(), e.data());
        }
    }
}
