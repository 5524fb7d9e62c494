package io.agentruns.store.tx;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Values read once per transaction: when {@link GroupCommit} puts many units of work in one
 * transaction, a lookup they all make (the team's webhooks, say) is a round trip per unit. The first
 * unit loads the value, the others of the same transaction reuse it, as if it had been read by one
 * statement of that transaction; the cache is dropped when the transaction ends. Without a
 * transaction every call loads.
 */
public final class TransactionCache<K, V> {
    private final Function<K, V> load;
    private final Object resourceKey = new Object();

    public TransactionCache(Function<K, V> load) {
        this.load = load;
    }

    public V get(K key) {
        if (!TransactionSynchronizationManager.isActualTransactionActive()
                || !TransactionSynchronizationManager.isSynchronizationActive()) {
            return load.apply(key);
        }
        Values<K, V> values = TransactionBoundState.current(resourceKey, Values::new);
        V value = values.byKey.get(key);
        if (value == null) {
            value = load.apply(key);
            values.byKey.put(key, value);
        }
        return value;
    }

    /** The values of one transaction, bound to the thread while that transaction is. */
    private static final class Values<K, V> extends TransactionBoundState {
        final Map<K, V> byKey = new HashMap<>();

        Values(Object resourceKey) {
            super(resourceKey);
        }
    }
}
