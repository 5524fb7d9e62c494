package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.util.Map;

/** Answer of a create: the new run's id and its initial state (QUEUED). */
public record RunAgentResponse(String runId, RunState state,
                               @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public RunAgentResponse {
        extra = Extras.of(extra);
    }
}
