package io.agentruns.store.queue;

import io.agentruns.core.engine.InProcessRunSignals;
import java.util.UUID;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The in-process counterpart of NOTIFY (H2, one JVM): publishes on {@link InProcessRunSignals} after
 * the current transaction commits, or at once when called outside a transaction.
 */
public final class InProcessRunNotifier implements RunNotifier {
    private final InProcessRunSignals signals;

    public InProcessRunNotifier(InProcessRunSignals signals) {
        this.signals = signals;
    }

    @Override
    public void runQueued() {
        afterCommit(signals::publishQueued);
    }

    @Override
    public void cancelRequested(UUID runId) {
        afterCommit(() -> signals.publishCancel(runId));
    }

    private static void afterCommit(Runnable action) {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            action.run();
            return;
        }
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                action.run();
            }
        });
    }
}
