package io.agentruns.core.harness;

/**
 * Executes runs; the engine hands each claimed run to exactly one harness invocation.
 * The agent module provides the production harness; tests may provide fast ones.
 */
public interface Harness {

    /**
     * Prepares the run's workspace (repositories, setup commands). After this returns the run has
     * side effects and is never silently re-run. A setup failure is reported by the returned
     * run's {@link PreparedRun#execute} as a {@link RunOutcome.Failed}, or by throwing
     * {@link HarnessException} with its status.
     */
    PreparedRun prepare(HarnessRun run, EventSink events, CancellationToken cancel) throws HarnessException;

    /** A prepared run; closing it removes the workspace (subject to retention settings). */
    interface PreparedRun extends AutoCloseable {
        RunOutcome execute(EventSink events, CancellationToken cancel);

        @Override
        void close();
    }
}
