package io.agentruns.server.agent;

import io.agentruns.agent.AgentHarness;
import io.agentruns.agent.AgentSettings;
import io.agentruns.agent.exec.CommandRunner;
import io.agentruns.agent.exec.Sandbox;
import io.agentruns.agent.exec.SandboxMode;
import io.agentruns.agent.exec.ScrubbedEnvironment;
import io.agentruns.agent.model.ModelRegistry;
import io.agentruns.agent.skill.RepoSkillCatalog;
import io.agentruns.core.environment.EnvironmentRepository;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The production agent: the harness that the embedded worker hands runs to, the model registry
 * that run creation resolves model ids with, and the skill catalog behind GET /api/v1/agent.
 *
 * <p>Settings are read by their environment variable names (AGENTRUNS_DATA_DIR, AGENTRUNS_SANDBOX,
 * OPENAI_API_KEY, ...; see {@link AgentSettings#fromEnvironment}); each AGENTRUNS_X can also be
 * given as the Spring property {@code agentruns.x} (lowercase, '_' as '-'), e.g. in tests.
 */
@Configuration(proxyBeanMethods = false)
public class AgentConfiguration {
    static final List<String> VARIABLES = List.of("AGENTRUNS_DATA_DIR", "AGENTRUNS_SANDBOX", "AGENTRUNS_SANDBOX_NETWORK",
            "AGENTRUNS_WORKSPACE_RETENTION", "AGENTRUNS_COMMAND_TIMEOUT_SECONDS", "AGENTRUNS_SETUP_TIMEOUT_SECONDS",
            "AGENTRUNS_OUTPUT_CAP_CHARS", "AGENTRUNS_MAX_STEPS", "AGENTRUNS_MAX_RUN_MINUTES", "AGENTRUNS_MAX_TOKENS",
            "AGENTRUNS_PROVIDER_MAX_RETRIES", "AGENTRUNS_MAX_OUTPUT_TOKENS", "AGENTRUNS_MODELS", "AGENTRUNS_DEFAULT_MODEL",
            "OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL");

    /** The agent's variables as the Spring environment sees them (OS environment, properties, arguments). */
    static Map<String, String> variables(Environment env) {
        Map<String, String> out = new TreeMap<>();
        for (String name : VARIABLES) {
            String value = env.getProperty(name);
            if (value == null && name.startsWith("AGENTRUNS_")) {
                value = env.getProperty("agentruns." + name.substring("AGENTRUNS_".length())
                        .toLowerCase(Locale.ROOT).replace('_', '-'));
            }
            if (value != null) {
                out.put(name, value);
            }
        }
        return out;
    }

    @Bean
    public AgentSettings agentSettings(Environment env) {
        return AgentSettings.fromEnvironment(variables(env));
    }

    @Bean
    public ModelRegistry modelRegistry(Environment env) {
        return ModelRegistry.fromEnvironment(variables(env));
    }

    @Bean
    public AgentHarness agentHarness(AgentSettings settings, ModelRegistry models, ObjectProvider<Clock> clock) {
        return new AgentHarness(settings, models, clock.getIfAvailable(Clock::systemUTC));
    }

    @Bean
    public RepoSkillCatalog skillCatalog(AgentSettings settings, ObjectProvider<EnvironmentRepository> environments,
                                         ObjectProvider<Clock> clock) {
        // Listing skills only clones and reads files; git runs as a plain process with the scrubbed environment.
        CommandRunner git = new CommandRunner(Sandbox.create(SandboxMode.PROCESS, settings.dataDir()),
                ScrubbedEnvironment.current(), 20_000);
        return new RepoSkillCatalog(team -> {
            EnvironmentRepository repo = environments.getIfAvailable();
            return repo == null ? List.of() : repo.list(team);
        }, settings.dataDir().resolve("skill-cache"), git, clock.getIfAvailable(Clock::systemUTC), Duration.ofMinutes(5));
    }
}
