package io.agentruns.store.queue;

import io.agentruns.core.event.EventType;
import io.agentruns.core.run.RunState;
import io.agentruns.core.run.StatusMessage;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Writes the {@code state} event of a transition the caller just made on the (locked) run row, in
 * the same transaction, and announces a run that became QUEUED to the workers.
 */
final class StateEvents {
    private final EventRows rows;
    private final RunNotifier notifier;

    StateEvents(EventRows rows, RunNotifier notifier) {
        this.rows = rows;
        this.notifier = notifier;
    }

    void record(UUID runId, RunState state, StatusMessage status, Instant at) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("state", state.name());
        if (status != null) {
            Map<String, Object> sm = new LinkedHashMap<>();
            sm.put("message", status.message());
            sm.put("error_code", status.errorCode().wireName());
            sm.put("retryable", status.retryable());
            data.put("status_message", sm);
        }
        rows.append(runId, "1 = 1", Map.of(), EventType.STATE, data, at)
                .orElseThrow(() -> new IllegalStateException("run " + runId + " vanished during its transition"));
        if (state == RunState.QUEUED) {
            notifier.runQueued();
        }
    }
}
