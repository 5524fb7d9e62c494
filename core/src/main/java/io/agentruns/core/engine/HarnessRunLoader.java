package io.agentruns.core.engine;

import io.agentruns.core.harness.HarnessRun;
import io.agentruns.core.run.Run;

/** Builds what a harness needs from a claimed run (resolves its environment, secrets included). */
@FunctionalInterface
public interface HarnessRunLoader {
    HarnessRun load(Run run, String sessionId);
}
