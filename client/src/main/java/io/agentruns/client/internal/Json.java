package io.agentruns.client.internal;

import io.agentruns.model.WireJson;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.MissingNode;

/**
 * The SDK's JSON mapper: the wire settings of {@link WireJson}, plus unknown enum values read as the
 * enum's default ({@code UNKNOWN}) so that a newer service never breaks an older SDK.
 */
public final class Json {
    private static final JsonMapper MAPPER = WireJson.builder()
            .enable(EnumFeature.READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE)
            .build();

    private Json() {
    }

    public static JsonMapper mapper() {
        return MAPPER;
    }

    public static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    public static <T> T read(String body, Class<T> type) {
        try {
            return MAPPER.readValue(body, type);
        } catch (JacksonException e) {
            throw new io.agentruns.client.errors.AgentrunsException("unreadable answer: " + e.getOriginalMessage(), e);
        }
    }

    public static <T> T read(String body, TypeReference<T> type) {
        try {
            return MAPPER.readValue(body, type);
        } catch (JacksonException e) {
            throw new io.agentruns.client.errors.AgentrunsException("unreadable answer: " + e.getOriginalMessage(), e);
        }
    }

    public static <T> T convert(Object value, Class<T> type) {
        return MAPPER.convertValue(value, type);
    }

    public static JsonNode readTree(String body) {
        if (body == null || body.isBlank()) {
            return MissingNode.getInstance();
        }
        try {
            return MAPPER.readTree(body);
        } catch (JacksonException e) {
            throw new io.agentruns.client.errors.AgentrunsException("unreadable answer: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * A list answer, either a bare JSON array or an object holding the array under {@code field} (or,
     * failing that, under its only array-valued field).
     */
    public static <T> java.util.List<T> readList(String body, String field, Class<T> type) {
        JsonNode node = readTree(body);
        JsonNode array = node.isArray() ? node : node.get(field);
        if (array == null && node.isObject()) {
            for (JsonNode child : node.values()) {
                if (child.isArray()) {
                    array = child;
                    break;
                }
            }
        }
        java.util.List<T> out = new java.util.ArrayList<>();
        if (array != null) {
            for (JsonNode item : array) {
                out.add(MAPPER.treeToValue(item, type));
            }
        }
        return out;
    }
}
