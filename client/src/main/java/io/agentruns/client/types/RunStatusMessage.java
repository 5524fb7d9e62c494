package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.util.Map;

/** Why a run failed: a human-readable message, a stable error code and whether a retry may help. */
public record RunStatusMessage(String message, String errorCode, Boolean retryable,
                               @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public RunStatusMessage {
        extra = Extras.of(extra);
    }
}
