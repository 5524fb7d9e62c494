package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.time.Instant;
import java.util.Map;

/**
 * One entry of a run's ordered log. {@code seq} is gap-free and increasing per run; {@code type} is the
 * wire name ({@code state}, {@code model.message}, {@code tool.call}, {@code command}, {@code output}, ...).
 */
public record RunEvent(@JsonAlias({"sequence", "id"}) long seq, @JsonAlias("event_type") String type,
                       Instant createdAt, Map<String, Object> data,
                       @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public RunEvent {
        extra = Extras.of(extra);
        data = data == null ? Map.of() : data;
    }

    /** For a {@code state} event, the state it announces; otherwise null. */
    public RunState stateOrNull() {
        if (!"state".equals(type) || !(data.get("state") instanceof String s)) {
            return null;
        }
        try {
            return RunState.valueOf(s);
        } catch (IllegalArgumentException e) {
            return RunState.UNKNOWN;
        }
    }

    /** True when this event announces a final state: nothing follows it. */
    public boolean isFinalState() {
        RunState s = stateOrNull();
        return s != null && s.isFinal();
    }
}
