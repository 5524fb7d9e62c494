package io.agentruns.agent.exec;

import java.util.Locale;

/** AGENTRUNS_SANDBOX: bubblewrap when available (auto), always (bwrap), or plain processes (process). */
public enum SandboxMode {
    AUTO, BWRAP, PROCESS;

    public static SandboxMode parse(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "auto", "" -> AUTO;
            case "bwrap", "bubblewrap" -> BWRAP;
            case "process", "none" -> PROCESS;
            default -> throw new IllegalArgumentException("AGENTRUNS_SANDBOX must be auto, bwrap or process, not " + value);
        };
    }
}
