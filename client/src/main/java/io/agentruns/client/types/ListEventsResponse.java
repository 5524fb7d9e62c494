package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.util.List;
import java.util.Map;

/**
 * A slice of a run's event log, in sequence order: {@code hasMore} says whether more events follow already,
 * and {@code nextAfter} is the sequence number to pass as {@code after} to read on.
 */
public record ListEventsResponse(List<RunEvent> events, Boolean hasMore, Long nextAfter,
                                 @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public ListEventsResponse {
        events = events == null ? List.of() : events;
        extra = Extras.of(extra);
    }

    /** The sequence number of the last event here, or {@code fallback} when there is none. */
    public long lastSeq(long fallback) {
        return events.isEmpty() ? fallback : events.get(events.size() - 1).seq();
    }
}
