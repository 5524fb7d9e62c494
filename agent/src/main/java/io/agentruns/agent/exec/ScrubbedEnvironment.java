package io.agentruns.agent.exec;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The environment variables that agent commands, setup commands and MCP servers inherit: the
 * service's own minus anything that looks like a secret or service configuration (invariant 8:
 * provider keys must not reach the agent). Guarded by ScrubbedEnvironmentTest and
 * AgentHarnessOpenAiTest#commandsDoNotSeeServiceSecrets.
 */
public final class ScrubbedEnvironment {
    private static final Pattern DENIED = Pattern.compile(
            "^(AGENTRUNS_.*|SPRING_.*|OPENAI_.*|ANTHROPIC_.*|AWS_.*|AZURE_.*|GOOGLE_.*|GH_.*|GITHUB_.*|PG.*|DATABASE_.*|JDBC.*"
                    + "|.*KEY.*|.*TOKEN.*|.*SECRET.*|.*PASSWORD.*|.*PASSWD.*|.*CREDENTIAL.*|.*AUTH.*|SSH_AUTH_SOCK)$");

    private ScrubbedEnvironment() {
    }

    public static boolean isDenied(String name) {
        return DENIED.matcher(name.toUpperCase(Locale.ROOT)).matches();
    }

    /** {@code base} without denied names, plus git settings that keep commands non-interactive. */
    public static Map<String, String> from(Map<String, String> base) {
        Map<String, String> out = new TreeMap<>();
        base.forEach((k, v) -> {
            if (!isDenied(k)) {
                out.put(k, v);
            }
        });
        out.putIfAbsent("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin");
        out.put("GIT_TERMINAL_PROMPT", "0");
        out.put("CI", "true");
        // commits made by the agent need an identity; the service's own git config may not be readable
        out.putIfAbsent("GIT_AUTHOR_NAME", "agentruns");
        out.putIfAbsent("GIT_AUTHOR_EMAIL", "agent@agentruns.invalid");
        out.putIfAbsent("GIT_COMMITTER_NAME", "agentruns");
        out.putIfAbsent("GIT_COMMITTER_EMAIL", "agent@agentruns.invalid");
        return out;
    }

    public static Map<String, String> current() {
        return from(System.getenv());
    }
}
