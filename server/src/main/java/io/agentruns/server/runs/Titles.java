package io.agentruns.server.runs;

/** Titles of runs created without one: the prompt's first non-blank line, trimmed, cut to 80 characters. */
public final class Titles {
    public static final int DERIVED_MAX = 80;

    private Titles() {
    }

    public static String derive(String prompt, String fallback) {
        for (String line : prompt.split("\\R")) {
            String trimmed = line.strip();
            if (!trimmed.isEmpty()) {
                return cut(trimmed);
            }
        }
        return fallback;
    }

    private static String cut(String s) {
        if (s.codePointCount(0, s.length()) <= DERIVED_MAX) {
            return s;
        }
        return s.substring(0, s.offsetByCodePoints(0, DERIVED_MAX));
    }
}
