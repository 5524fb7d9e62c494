package io.agentruns.core.outbox;

/**
 * The hook for side effects of a run state change (webhook outbox rows): the one store component
 * that writes state changes calls {@link #stateChanged} INSIDE its transaction, after the row update
 * and the state event, so that the outbox rows commit or roll back with the change (invariant 6,
 * guarded by WebhookDeliveryTest). Implementations write through the same transaction-bound
 * DataSource and must not call out of the process.
 */
public interface OutboxWriter {
    OutboxWriter NONE = change -> { };

    void stateChanged(StateChange change);
}
