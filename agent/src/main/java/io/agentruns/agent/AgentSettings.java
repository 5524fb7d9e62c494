package io.agentruns.agent;

import io.agentruns.agent.exec.SandboxMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * Everything the production harness can be tuned with. {@link #fromEnvironment(Map)} reads the
 * documented environment variables; tests and the server build it directly.
 *
 * @param dataDir          the service's data directory; workspaces live in {@code <dataDir>/workspaces/<runId>}
 * @param retention        which workspaces survive their run (for debugging)
 * @param sandbox          how commands are isolated
 * @param sandboxNetwork   whether agent commands inside bubblewrap may use the network
 * @param commandTimeout   default and maximum time of one agent command
 * @param setupTimeout     time of one clone or setup command
 * @param outputCapChars   how much output of one command is kept (head and tail)
 * @param maxSteps         model turns per run
 * @param maxWallTime      wall time of the agent loop
 * @param maxTokens        input + output tokens per run
 * @param providers        provider credentials and endpoints
 */
public record AgentSettings(Path dataDir, Retention retention, SandboxMode sandbox, boolean sandboxNetwork,
                            Duration commandTimeout, Duration setupTimeout, int outputCapChars,
                            int maxSteps, Duration maxWallTime, long maxTokens, ProviderSettings providers) {

    /** Which workspaces are kept after their run. */
    public enum Retention { NONE, FAILED, ALL }

    /** Endpoints and keys of the model providers; null key = not configured. */
    public record ProviderSettings(String openAiApiKey, String openAiBaseUrl, String anthropicApiKey,
                                   String anthropicBaseUrl, int maxRetries, Duration requestTimeout,
                                   int maxOutputTokens) {
        public static ProviderSettings none() {
            return new ProviderSettings(null, null, null, null, 2, Duration.ofMinutes(5), 8192);
        }
    }

    public static AgentSettings defaults(Path dataDir) {
        return new AgentSettings(dataDir, Retention.NONE, SandboxMode.AUTO, true, Duration.ofMinutes(10),
                Duration.ofMinutes(20), 30_000, 50, Duration.ofMinutes(60), 2_000_000, ProviderSettings.none());
    }

    public AgentSettings withProviders(ProviderSettings newProviders) {
        return new AgentSettings(dataDir, retention, sandbox, sandboxNetwork, commandTimeout, setupTimeout,
                outputCapChars, maxSteps, maxWallTime, maxTokens, newProviders);
    }

    public AgentSettings withLimits(int newMaxSteps, Duration newMaxWallTime, long newMaxTokens) {
        return new AgentSettings(dataDir, retention, sandbox, sandboxNetwork, commandTimeout, setupTimeout,
                outputCapChars, newMaxSteps, newMaxWallTime, newMaxTokens, providers);
    }

    public AgentSettings withSandbox(SandboxMode newSandbox, boolean network) {
        return new AgentSettings(dataDir, retention, newSandbox, network, commandTimeout, setupTimeout,
                outputCapChars, maxSteps, maxWallTime, maxTokens, providers);
    }

    public AgentSettings withRetention(Retention newRetention) {
        return new AgentSettings(dataDir, newRetention, sandbox, sandboxNetwork, commandTimeout, setupTimeout,
                outputCapChars, maxSteps, maxWallTime, maxTokens, providers);
    }

    public AgentSettings withCommandTimeout(Duration timeout) {
        return new AgentSettings(dataDir, retention, sandbox, sandboxNetwork, timeout, setupTimeout,
                outputCapChars, maxSteps, maxWallTime, maxTokens, providers);
    }

    public Path workspacesDir() {
        return dataDir.resolve("workspaces");
    }

    /**
     * Reads AGENTRUNS_DATA_DIR, AGENTRUNS_SANDBOX (auto|bwrap|process), AGENTRUNS_SANDBOX_NETWORK,
     * AGENTRUNS_WORKSPACE_RETENTION (none|failed|all), AGENTRUNS_COMMAND_TIMEOUT_SECONDS,
     * AGENTRUNS_SETUP_TIMEOUT_SECONDS, AGENTRUNS_OUTPUT_CAP_CHARS, AGENTRUNS_MAX_STEPS,
     * AGENTRUNS_MAX_RUN_MINUTES, AGENTRUNS_MAX_TOKENS, OPENAI_API_KEY, OPENAI_BASE_URL,
     * ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, AGENTRUNS_PROVIDER_MAX_RETRIES.
     */
    public static AgentSettings fromEnvironment(Map<String, String> env) {
        Path dataDir = Path.of(env.getOrDefault("AGENTRUNS_DATA_DIR", "data"));
        AgentSettings d = defaults(dataDir);
        ProviderSettings p = ProviderSettings.none();
        ProviderSettings providers = new ProviderSettings(blankToNull(env.get("OPENAI_API_KEY")),
                blankToNull(env.get("OPENAI_BASE_URL")), blankToNull(env.get("ANTHROPIC_API_KEY")),
                blankToNull(env.get("ANTHROPIC_BASE_URL")),
                intOr(env, "AGENTRUNS_PROVIDER_MAX_RETRIES", p.maxRetries()), p.requestTimeout(),
                intOr(env, "AGENTRUNS_MAX_OUTPUT_TOKENS", p.maxOutputTokens()));
        return new AgentSettings(dataDir,
                Retention.valueOf(env.getOrDefault("AGENTRUNS_WORKSPACE_RETENTION", "none").toUpperCase(Locale.ROOT)),
                SandboxMode.parse(env.getOrDefault("AGENTRUNS_SANDBOX", "auto")),
                Boolean.parseBoolean(env.getOrDefault("AGENTRUNS_SANDBOX_NETWORK", "true")),
                Duration.ofSeconds(intOr(env, "AGENTRUNS_COMMAND_TIMEOUT_SECONDS", (int) d.commandTimeout().toSeconds())),
                Duration.ofSeconds(intOr(env, "AGENTRUNS_SETUP_TIMEOUT_SECONDS", (int) d.setupTimeout().toSeconds())),
                intOr(env, "AGENTRUNS_OUTPUT_CAP_CHARS", d.outputCapChars()),
                intOr(env, "AGENTRUNS_MAX_STEPS", d.maxSteps()),
                Duration.ofMinutes(intOr(env, "AGENTRUNS_MAX_RUN_MINUTES", (int) d.maxWallTime().toMinutes())),
                Long.parseLong(env.getOrDefault("AGENTRUNS_MAX_TOKENS", Long.toString(d.maxTokens()))),
                providers);
    }

    private static int intOr(Map<String, String> env, String name, int fallback) {
        String v = env.get(name);
        return v == null || v.isBlank() ? fallback : Integer.parseInt(v.trim());
    }

    private static String blankToNull(String v) {
        return v == null || v.isBlank() ? null : v.trim();
    }
}
