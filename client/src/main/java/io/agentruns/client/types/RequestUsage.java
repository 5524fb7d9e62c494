package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.util.Map;

/** What a run consumed; token counts and other fields the SDK does not name are in {@link #extra()}. */
public record RequestUsage(Double inferenceCost, Double computeCost, Long inputTokens, Long outputTokens,
                           @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public RequestUsage {
        extra = Extras.of(extra);
    }
}
