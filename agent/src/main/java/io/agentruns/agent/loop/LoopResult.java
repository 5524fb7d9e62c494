package io.agentruns.agent.loop;

import io.agentruns.core.run.StatusMessage;
import io.agentruns.core.run.Usage;

/** How the agent loop ended, before artifacts are collected. */
public sealed interface LoopResult {
    Usage usage();

    record Finished(String answer, Usage usage) implements LoopResult {
    }

    record Failed(StatusMessage status, Usage usage) implements LoopResult {
    }

    record Cancelled(Usage usage) implements LoopResult {
    }
}
