package io.agentruns.server.execution;

import io.agentruns.core.engine.HarnessRunLoader;
import io.agentruns.core.environment.Environment;
import io.agentruns.core.environment.EnvironmentRepository;
import io.agentruns.core.harness.HarnessRun;
import io.agentruns.core.run.Run;
import io.agentruns.core.run.RunRepository;
import java.util.Optional;
import java.util.UUID;

/** Loads a claimed run and its environment (the configured one, else the team's default). */
final class StoreHarnessRunLoader implements HarnessRunLoader {
    private final RunRepository runs;
    private final EnvironmentRepository environments;

    StoreHarnessRunLoader(RunRepository runs, EnvironmentRepository environments) {
        this.runs = runs;
        this.environments = environments;
    }

    @Override
    public HarnessRun load(UUID teamId, UUID runId, String sessionId) {
        Run run = runs.find(teamId, runId).orElseThrow(() -> new IllegalStateException("claimed run " + runId + " is gone"));
        Environment environment = environmentOf(run).orElse(null);
        return new HarnessRun(run.id(), run.teamId(), sessionId, run.title(), run.prompt(), run.config(), environment);
    }

    private Optional<Environment> environmentOf(Run run) {
        String id = run.config().environmentId();
        if (id != null && !id.isBlank()) {
            try {
                return environments.find(run.teamId(), UUID.fromString(id));
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        }
        return environments.findDefault(run.teamId());
    }
}
