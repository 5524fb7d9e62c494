package io.agentruns.server.execution;

import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.harness.CancellationToken;
import io.agentruns.core.harness.EventSink;
import io.agentruns.core.harness.Harness;
import io.agentruns.core.harness.HarnessException;
import io.agentruns.core.harness.HarnessRun;
import io.agentruns.core.run.StatusMessage;

/**
 * Used only when no {@link Harness} bean exists (a build without the agent): every run FAILS with
 * an honest status instead of pretending to succeed.
 */
final class UnavailableHarness implements Harness {
    @Override
    public PreparedRun prepare(HarnessRun run, EventSink events, CancellationToken cancel) throws HarnessException {
        throw new HarnessException(new StatusMessage("no agent is installed in this agentruns build",
                ErrorCode.FEATURE_NOT_AVAILABLE, false));
    }
}
