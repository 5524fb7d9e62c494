package io.agentruns.core.engine;

import io.agentruns.core.event.EventLog;
import io.agentruns.core.event.EventType;
import io.agentruns.core.harness.EventSink;
import java.util.Map;

/**
 * The sink a harness writes to: each event is appended under the run's lease, so a worker that lost
 * the run gets {@link io.agentruns.core.harness.LeaseLostException} and writes nothing (invariant 2).
 * State events belong to the engine alone.
 */
final class LeaseGuardedEventSink implements EventSink {
    private final EventLog log;
    private final Lease lease;

    LeaseGuardedEventSink(EventLog log, Lease lease) {
        this.log = log;
        this.lease = lease;
    }

    @Override
    public void emit(EventType type, Map<String, Object> data) {
        if (type == EventType.STATE) {
            throw new IllegalArgumentException("state events are written by the engine, not by a harness");
        }
        log.append(lease, type, data == null ? Map.of() : data);
    }
}
