package io.agentruns.core.harness;

import io.agentruns.core.event.EventType;
import java.util.Map;

/**
 * Where a harness records the steps of a run. Each call appends one durable event; it throws
 * {@link LeaseLostException} when this worker no longer owns the run, which must end the harness.
 */
public interface EventSink {
    void emit(EventType type, Map<String, Object> data);
}
