package io.agentruns.client.types;

import java.util.LinkedHashMap;
import java.util.Map;

/** Normalises the map of response fields this SDK does not model (kept, never fatal). */
final class Extras {
    private Extras() {
    }

    static Map<String, Object> of(Map<String, Object> extra) {
        return extra == null ? new LinkedHashMap<>() : extra;
    }
}
