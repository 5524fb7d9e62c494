package io.agentruns.agent.loop;

import io.agentruns.core.event.EventType;
import io.agentruns.core.harness.EventSink;
import java.util.Map;

/** An event sink that strips known secrets from every event before it is recorded. */
public record RedactingEventSink(EventSink delegate, SecretRedactor redactor) implements EventSink {
    @Override
    public void emit(EventType type, Map<String, Object> data) {
        delegate.emit(type, redactor.redact(data));
    }
}
