package io.agentruns.core.run;

/** The outcome of {@link RunRepository#create}: a new run, or the run a retried request created first. */
public sealed interface CreateResult {
    Run run();

    /** The run was stored now. */
    record Created(Run run) implements CreateResult {
    }

    /** Same principal, key and request as an earlier create: nothing new was stored. */
    record Replayed(Run run) implements CreateResult {
    }
}
