package io.agentruns.store.tx;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Side effects that a transaction needs once however many of its units ask for them: with
 * {@link GroupCommit} many creates share a transaction, and each would otherwise NOTIFY (a round
 * trip each) or publish a wake-up of its own. Actions are keyed; the first action given for a key
 * runs, the later ones for the same key in the same transaction are dropped. Without transaction
 * synchronization (no transaction) the action runs at once.
 */
public final class OncePerTransaction {
    private static final Object BEFORE_COMMIT = new Object();
    private static final Object AFTER_COMMIT = new Object();

    private OncePerTransaction() {
    }

    /**
     * Runs {@code action} inside the current transaction just before it commits (on its connection:
     * SQL written there commits with the transaction), once per {@code key}.
     */
    public static void beforeCommit(Object key, Runnable action) {
        register(BEFORE_COMMIT, key, action);
    }

    /** Runs {@code action} after the current transaction committed (not at all on rollback), once per {@code key}. */
    public static void afterCommit(Object key, Runnable action) {
        register(AFTER_COMMIT, key, action);
    }

    private static void register(Object phase, Object key, Runnable action) {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            action.run();
            return;
        }
        Actions actions = TransactionBoundState.current(phase, Actions::new);
        actions.byKey.putIfAbsent(key, action);
    }

    /** The actions of one phase of one transaction, bound to the thread while the transaction is. */
    private static final class Actions extends TransactionBoundState {
        final Object phase;
        final Map<Object, Runnable> byKey = new LinkedHashMap<>();

        Actions(Object phase) {
            super(phase);
            this.phase = phase;
        }

        @Override
        public void beforeCommit(boolean readOnly) {
            if (phase == BEFORE_COMMIT) {
                byKey.values().forEach(Runnable::run);
            }
        }

        @Override
        public void afterCommit() {
            if (phase == AFTER_COMMIT) {
                byKey.values().forEach(Runnable::run);
            }
        }
    }
}
