package io.agentruns.agent.tools;

import java.util.Map;

/** Typed access to a tool call's JSON arguments with messages the model can act on. */
final class ToolArgs {
    private ToolArgs() {
    }

    static String string(Map<String, Object> args, String name) {
        Object v = args.get(name);
        if (v == null) {
            throw new IllegalArgumentException("missing required argument '" + name + "'");
        }
        return v.toString();
    }

    static String stringOr(Map<String, Object> args, String name, String fallback) {
        Object v = args.get(name);
        return v == null ? fallback : v.toString();
    }

    static Integer intOr(Map<String, Object> args, String name, Integer fallback) {
        Object v = args.get(name);
        if (v == null) {
            return fallback;
        }
        if (v instanceof Number n) {
            return n.intValue();
        }
        try {
            return Integer.parseInt(v.toString().trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("argument '" + name + "' must be an integer");
        }
    }

    static boolean boolOr(Map<String, Object> args, String name, boolean fallback) {
        Object v = args.get(name);
        return v == null ? fallback : Boolean.parseBoolean(v.toString());
    }
}
