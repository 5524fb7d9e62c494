package io.agentruns.core.engine;

import io.agentruns.core.run.Run;

/** A run this worker just moved to INPROGRESS, with the lease that guards its later writes. */
public record ClaimedRun(Run run, Lease lease) {
}
