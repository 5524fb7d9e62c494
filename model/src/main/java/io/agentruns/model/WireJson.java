package io.agentruns.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one JSON configuration of the wire contract, shared by the server and the SDK:
 * snake_case names, absent (not null) for unknown values, unknown fields ignored.
 */
public final class WireJson {
    private static final JsonMapper MAPPER = builder().build();

    private WireJson() {
    }

    public static JsonMapper mapper() {
        return MAPPER;
    }

    /** A builder with the wire settings, for callers that add their own modules. */
    public static JsonMapper.Builder builder() {
        return JsonMapper.builder()
                .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .changeDefaultPropertyInclusion(incl -> incl.withValueInclusion(JsonInclude.Include.NON_NULL))
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }
}
