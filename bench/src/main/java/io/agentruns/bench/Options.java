package io.agentruns.bench;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/** Command-line options of the form {@code --name value} or {@code --name=value}. */
final class Options {
    private final Map<String, String> values = new HashMap<>();

    Options(String[] args, int from) {
        for (int i = from; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument: " + arg);
            }
            int eq = arg.indexOf('=');
            if (eq > 0) {
                values.put(arg.substring(2, eq), arg.substring(eq + 1));
            } else if (i + 1 < args.length) {
                values.put(arg.substring(2), args[++i]);
            } else {
                throw new IllegalArgumentException("missing value for " + arg);
            }
        }
    }

    String get(String name) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException("missing option --" + name);
        }
        return value;
    }

    String get(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    int getInt(String name, int fallback) {
        return values.containsKey(name) ? Integer.parseInt(values.get(name)) : fallback;
    }

    double getDouble(String name, double fallback) {
        return values.containsKey(name) ? Double.parseDouble(values.get(name)) : fallback;
    }

    /** Seconds, e.g. {@code --duration 30}. */
    Duration getSeconds(String name, double fallbackSeconds) {
        return Duration.ofMillis(Math.round(getDouble(name, fallbackSeconds) * 1000));
    }
}
