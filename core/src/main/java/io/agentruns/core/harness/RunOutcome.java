package io.agentruns.core.harness;

import io.agentruns.core.run.Artifact;
import io.agentruns.core.run.StatusMessage;
import io.agentruns.core.run.Usage;
import java.util.List;

/** How a harness invocation ended. */
public sealed interface RunOutcome {
    Usage usage();

    /** The model finished; {@code output} is its final answer. */
    record Succeeded(String output, Usage usage, List<Artifact> artifacts) implements RunOutcome {
    }

    /** The run failed; {@code status} says why, with an error code and whether a retry may help. */
    record Failed(StatusMessage status, Usage usage, List<Artifact> artifacts) implements RunOutcome {
    }

    /** The run stopped because it was cancelled. */
    record Cancelled(Usage usage) implements RunOutcome {
    }
}
