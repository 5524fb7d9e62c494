package io.agentruns.agent.model;

import java.util.Locale;

/** The model APIs the harness speaks, with the variables that configure each. */
public enum Provider {
    OPENAI("openai", "OPENAI_API_KEY", "OPENAI_BASE_URL"),
    ANTHROPIC("anthropic", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL");

    private final String id;
    private final String keyVariable;
    private final String baseUrlVariable;

    Provider(String id, String keyVariable, String baseUrlVariable) {
        this.id = id;
        this.keyVariable = keyVariable;
        this.baseUrlVariable = baseUrlVariable;
    }

    public String id() {
        return id;
    }

    public String keyVariable() {
        return keyVariable;
    }

    public String baseUrlVariable() {
        return baseUrlVariable;
    }

    public static Provider parse(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "openai", "openai-compatible", "openai_compatible" -> OPENAI;
            case "anthropic" -> ANTHROPIC;
            default -> throw new IllegalArgumentException("unknown model provider: " + value + " (openai or anthropic)");
        };
    }
}
