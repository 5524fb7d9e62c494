package io.agentruns.core.identity;

import io.agentruns.core.error.ApiException;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

/** What an API key may do. Wire names: {@code runs:read}, {@code runs:write}, {@code admin}. */
public enum Scope {
    RUNS_READ("runs:read"), RUNS_WRITE("runs:write"), ADMIN("admin");

    private final String wireName;

    Scope(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** @throws ApiException 400 invalid_request for an unknown scope */
    public static Scope fromWireName(String name) {
        for (Scope s : values()) {
            if (s.wireName.equals(name)) {
                return s;
            }
        }
        throw ApiException.invalid("unknown scope: " + name + " (expected runs:read, runs:write or admin)");
    }

    /** Space-separated wire names, in enum order (the stored form). */
    public static String format(Set<Scope> scopes) {
        return scopes.stream().sorted().map(Scope::wireName).collect(Collectors.joining(" "));
    }

    public static Set<Scope> parse(String formatted) {
        Set<Scope> out = EnumSet.noneOf(Scope.class);
        if (formatted == null || formatted.isBlank()) {
            return out;
        }
        for (String part : formatted.trim().split("[\\s,]+")) {
            out.add(fromWireName(part));
        }
        return out;
    }
}
