package io.agentruns.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * How the store writes JSON columns (config, repos, event and artifact data). Domain records stay
 * free of annotations; unknown fields are ignored so that older rows survive newer code.
 */
public final class StoreJson {
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .changeDefaultPropertyInclusion(incl -> incl.withValueInclusion(JsonInclude.Include.NON_NULL))
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };

    private StoreJson() {
    }

    public static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    public static <T> T read(String json, Class<T> type) {
        return MAPPER.readValue(json, type);
    }

    public static <T> T read(String json, TypeReference<T> type) {
        return MAPPER.readValue(json, type);
    }

    public static Map<String, Object> readMap(String json) {
        return json == null ? Map.of() : MAPPER.readValue(json, MAP);
    }
}
