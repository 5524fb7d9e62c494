package io.agentruns.store.tx;

import java.util.function.Function;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * State that belongs to one transaction (rows to write at its commit, values it read, actions it
 * runs once): created on first use in the transaction, registered as its synchronization, and bound
 * to the thread only while that transaction is -- a suspended transaction's state must not serve the
 * one that runs meanwhile, and nothing of it outlives the transaction.
 */
abstract class TransactionBoundState implements TransactionSynchronization {
    private final Object resourceKey;

    protected TransactionBoundState(Object resourceKey) {
        this.resourceKey = resourceKey;
    }

    /**
     * The current transaction's state under {@code resourceKey}; made by {@code create} (given the
     * key) and registered on first use. Callers check first that synchronization is active.
     */
    @SuppressWarnings("unchecked")
    static <S extends TransactionBoundState> S current(Object resourceKey, Function<Object, S> create) {
        S state = (S) TransactionSynchronizationManager.getResource(resourceKey);
        if (state == null) {
            state = create.apply(resourceKey);
            TransactionSynchronizationManager.bindResource(resourceKey, state);
            TransactionSynchronizationManager.registerSynchronization(state);
        }
        return state;
    }

    @Override
    public final void suspend() {
        TransactionSynchronizationManager.unbindResourceIfPossible(resourceKey);
    }

    @Override
    public final void resume() {
        TransactionSynchronizationManager.bindResource(resourceKey, this);
    }

    @Override
    public final void afterCompletion(int status) {
        TransactionSynchronizationManager.unbindResourceIfPossible(resourceKey);
    }
}
