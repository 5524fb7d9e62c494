package io.agentruns.core.engine;

import io.agentruns.core.harness.HarnessRun;
import java.util.UUID;

/** Builds what a harness needs for a claimed run (resolves its environment, secrets included). */
@FunctionalInterface
public interface HarnessRunLoader {
    HarnessRun load(UUID teamId, UUID runId, String sessionId);
}
