package io.agentruns.agent.testing;

import io.agentruns.agent.AgentHarness;
import io.agentruns.agent.AgentSettings;
import io.agentruns.agent.model.ModelRegistry;
import io.agentruns.core.environment.Environment;
import io.agentruns.core.environment.RepoRef;
import io.agentruns.core.harness.HarnessRun;
import io.agentruns.core.run.AgentConfig;
import io.agentruns.core.run.McpServerConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Builds harnesses pointed at a scripted model server, and runs for them. */
public final class HarnessFixture {
    public static final String OPENAI_KEY = "sk-test-openai-key-0123456789";
    public static final String ANTHROPIC_KEY = "sk-ant-test-key-0123456789";

    /** A tiny project with a failing test: calc.sh subtracts where it should add. */
    public static final Map<String, String> CALC_PROJECT = Map.of(
            "calc.sh", "#!/bin/sh\n# usage: calc.sh A B prints the sum of A and B\necho $(( $1 - $2 ))\n",
            "test.sh", "#!/bin/sh\nout=$(sh ./calc.sh 2 3)\nif [ \"$out\" = \"5\" ]; then echo PASS; "
                    + "else echo \"FAIL: expected 5, got $out\"; exit 1; fi\n",
            "README.md", "# calc\nRun `sh test.sh` to test.\n");

    private HarnessFixture() {
    }

    public static AgentSettings settings(Path dataDir, ScriptedModelServer model) {
        return AgentSettings.defaults(dataDir)
                .withProviders(new AgentSettings.ProviderSettings(OPENAI_KEY, model.openAiBaseUrl(), ANTHROPIC_KEY,
                        model.anthropicBaseUrl(), 1, Duration.ofSeconds(30), 1024))
                .withCommandTimeout(Duration.ofSeconds(60));
    }

    public static AgentHarness harness(AgentSettings settings) {
        return new AgentHarness(settings, new ModelRegistry(Map.of(), null), Clock.systemUTC());
    }

    public static Environment environment(List<RepoRef> repos, List<String> setup) {
        Instant now = Instant.parse("2026-11-22T06:00:00Z");
        return new Environment(UUID.randomUUID(), UUID.randomUUID(), "test-env", "an environment for tests", null,
                repos, setup, true, now, now);
    }

    public static Environment calcEnvironment(Path tmp) throws IOException {
        Path repo = GitFixture.repo(tmp.resolve("origin"), "acme", "calc", CALC_PROJECT);
        return environment(List.of(new RepoRef(GitFixture.url(repo), null)), List.of());
    }

    public static HarnessRun run(String prompt, String modelId, Environment env) {
        return run(prompt, new AgentConfig(null, modelId, null, env.id().toString(), null, Map.of(), null, null, null), env);
    }

    public static HarnessRun run(String prompt, AgentConfig config, Environment env) {
        return new HarnessRun(UUID.randomUUID(), env.teamId(), "session-1", "test run", prompt, config, env);
    }

    public static AgentConfig config(String modelId, String basePrompt, String skillSpec,
                                     Map<String, McpServerConfig> servers) {
        return new AgentConfig(null, modelId, basePrompt, null, skillSpec, servers, null, null, null);
    }
}
