package io.agentruns.server.api;

import io.agentruns.core.error.ApiException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Strict reading of a JSON request tree: a field of the wrong type is an error that names the
 * field (e.g. {@code config.mcp_servers.github.args[1]}), never a coercion. Absent and JSON
 * {@code null} both mean "not given". Unknown fields are ignored (newer clients send more).
 * Errors are collected; {@link #throwIfInvalid()} raises one 400 listing them all.
 */
public final class JsonBody {
    private final List<String> errors = new ArrayList<>();

    /** The root must be an object. */
    public JsonNode root(JsonNode body) {
        if (body == null || body.isMissingNode() || body.isNull()) {
            throw ApiException.invalid("request body is missing");
        }
        if (!body.isObject()) {
            throw ApiException.invalid("request body must be a JSON object");
        }
        return body;
    }

    public void error(String field, String message) {
        errors.add(field + ": " + message);
    }

    public int errorCount() {
        return errors.size();
    }

    public boolean hasErrors() {
        return !errors.isEmpty();
    }

    public void throwIfInvalid() {
        if (!errors.isEmpty()) {
            throw ApiException.invalid(String.join("; ", errors));
        }
    }

    private static JsonNode field(JsonNode parent, String name) {
        JsonNode value = parent.get(name);
        return value == null || value.isNull() || value.isMissingNode() ? null : value;
    }

    public static String path(String prefix, String name) {
        return prefix.isEmpty() ? name : prefix + "." + name;
    }

    public String string(JsonNode parent, String prefix, String name, int maxLength) {
        JsonNode value = field(parent, name);
        if (value == null) {
            return null;
        }
        if (!value.isString()) {
            error(path(prefix, name), "must be a string");
            return null;
        }
        String s = value.stringValue();
        if (s.codePointCount(0, s.length()) > maxLength) {
            error(path(prefix, name), "must be at most " + maxLength + " characters");
            return null;
        }
        if (s.indexOf('\u0000') >= 0) {
            error(path(prefix, name), "must not contain NUL characters");
            return null;
        }
        return s;
    }

    public Boolean bool(JsonNode parent, String prefix, String name) {
        JsonNode value = field(parent, name);
        if (value == null) {
            return null;
        }
        if (!value.isBoolean()) {
            error(path(prefix, name), "must be a boolean");
            return null;
        }
        return value.booleanValue();
    }

    public Integer integer(JsonNode parent, String prefix, String name, int min, int max) {
        JsonNode value = field(parent, name);
        if (value == null) {
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToInt() || value.intValue() < min || value.intValue() > max) {
            error(path(prefix, name), "must be an integer between " + min + " and " + max);
            return null;
        }
        return value.intValue();
    }

    /** An object node, or null when absent; an error when present with another type. */
    public JsonNode object(JsonNode parent, String prefix, String name) {
        JsonNode value = field(parent, name);
        if (value == null) {
            return null;
        }
        if (!value.isObject()) {
            error(path(prefix, name), "must be an object");
            return null;
        }
        return value;
    }

    /** An array node, or null when absent. */
    public JsonNode array(JsonNode parent, String prefix, String name, int maxItems) {
        JsonNode value = field(parent, name);
        if (value == null) {
            return null;
        }
        if (!value.isArray()) {
            error(path(prefix, name), "must be an array");
            return null;
        }
        if (value.size() > maxItems) {
            error(path(prefix, name), "must have at most " + maxItems + " items");
            return null;
        }
        return value;
    }

    public List<String> stringList(JsonNode parent, String prefix, String name, int maxItems, int maxLength) {
        JsonNode array = array(parent, prefix, name, maxItems);
        if (array == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        int i = 0;
        for (JsonNode item : array.values()) {
            String itemPath = path(prefix, name) + "[" + i++ + "]";
            if (!item.isString()) {
                error(itemPath, "must be a string");
            } else if (item.stringValue().length() > maxLength) {
                error(itemPath, "must be at most " + maxLength + " characters");
            } else {
                out.add(item.stringValue());
            }
        }
        return out;
    }

    /** An object of string values, e.g. MCP env or headers. */
    public Map<String, String> stringMap(JsonNode parent, String prefix, String name, int maxEntries, int maxLength) {
        JsonNode object = object(parent, prefix, name);
        if (object == null) {
            return null;
        }
        if (object.size() > maxEntries) {
            error(path(prefix, name), "must have at most " + maxEntries + " entries");
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : object.properties()) {
            String entryPath = path(prefix, name) + "." + e.getKey();
            if (!e.getValue().isString()) {
                error(entryPath, "must be a string");
            } else if (e.getValue().stringValue().length() > maxLength) {
                error(entryPath, "must be at most " + maxLength + " characters");
            } else {
                out.put(e.getKey(), e.getValue().stringValue());
            }
        }
        return out;
    }
}
