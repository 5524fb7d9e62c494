package io.agentruns.core.harness;

/** Tells a harness that its run was cancelled; it stops between and inside steps. */
public interface CancellationToken {
    boolean isCancelled();

    /** Runs {@code action} once when cancellation is signalled (at once if it already was). */
    void onCancel(Runnable action);
}
