package io.agentruns.agent.skill;

import io.agentruns.core.environment.Environment;
import java.util.List;
import java.util.UUID;

/** The environments a team can see; the server backs it with the environment repository. */
@FunctionalInterface
public interface TeamEnvironments {
    List<Environment> list(UUID teamId);
}
