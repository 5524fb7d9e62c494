package io.agentruns.store.queue;

import io.agentruns.core.engine.InProcessRunSignals;
import io.agentruns.store.tx.OncePerTransaction;
import java.util.List;
import java.util.UUID;

/**
 * The in-process counterpart of NOTIFY (H2, one JVM): publishes on {@link InProcessRunSignals} after
 * the current transaction commits, or at once when called outside a transaction; like NOTIFY, once
 * per signal per transaction ({@link OncePerTransaction}).
 */
public final class InProcessRunNotifier implements RunNotifier {
    private final InProcessRunSignals signals;

    public InProcessRunNotifier(InProcessRunSignals signals) {
        this.signals = signals;
    }

    @Override
    public void runQueued() {
        OncePerTransaction.afterCommit(List.of(this, "queued"), signals::publishQueued);
    }

    @Override
    public void cancelRequested(UUID runId) {
        OncePerTransaction.afterCommit(List.of(this, "cancel", runId), () -> signals.publishCancel(runId));
    }
}
