package io.agentruns.core.engine;

import io.agentruns.core.harness.LeaseLostException;
import io.agentruns.core.harness.RunOutcome;
import io.agentruns.core.run.StatusMessage;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The run table seen as a queue. Lease length and the per-team INPROGRESS cap are the store's
 * configuration; every method that takes a {@link Lease} is guarded by its version and throws
 * {@link LeaseLostException} (changing nothing) when the run is no longer held by it.
 * Every state change writes its {@code state} event in the same transaction.
 */
public interface RunQueue {

    /**
     * Moves the oldest eligible QUEUED run to INPROGRESS for {@code workerId} in one statement.
     * {@code workerHost} null means the default pool (runs without {@code worker_host}); otherwise
     * only runs routed to exactly that host. Teams at their INPROGRESS cap are skipped.
     */
    default Optional<Lease> claim(String workerId, String workerHost) {
        return claim(workerId, workerHost, 1).stream().findFirst();
    }

    /**
     * Claims up to {@code max} of the oldest eligible QUEUED runs at once, as {@link #claim(String, String)}
     * does one: one transaction (one commit, one wake-up of event listeners) for all of them, no run
     * claimed by two callers, and no team taken past its INPROGRESS cap by this claim. Returns the
     * leases, oldest run first; empty when nothing is eligible.
     */
    List<Lease> claim(String workerId, String workerHost, int max);

    /** Extends the lease by the configured lease length; says whether a cancel was requested. */
    HeartbeatResult heartbeat(Lease lease);

    /**
     * Records that the harness is about to start: from here on the run has side effects and is
     * never put back in the queue. Sets {@code session_id}.
     */
    void markStarted(Lease lease, String sessionId);

    /** Writes the final state, status, usage, output and artifacts of a run this lease holds. */
    void finish(Lease lease, RunOutcome outcome);

    /**
     * Gives a run back as the reaper would: CANCELLED if a cancel was requested meanwhile, QUEUED
     * again when the harness never started, otherwise FAILED with {@code ifStarted}.
     */
    void release(Lease lease, StatusMessage ifStarted);

    /**
     * Finalises INPROGRESS runs whose lease expired (invariant 3): FAILED, retryable
     * {@code resource_unavailable} "worker lost ..."; a run whose harness never started goes back to QUEUED.
     * Returns how many runs it moved; handles at most {@code limit} per call.
     */
    int reapExpired(int limit);

    /**
     * QUEUED -> CANCELLED at once; INPROGRESS -> flag {@code cancel_requested} and notify the worker.
     * Throws ApiException not found (missing or another team's run) or conflict (final run).
     */
    CancelResult requestCancel(UUID teamId, UUID runId);

    /** Whether a cancel was requested for a run (used by the fast path after a notification). */
    boolean isCancelRequested(UUID runId);
}
