package io.agentruns.store.run;

import io.agentruns.core.run.RunState;
import io.agentruns.core.run.StatusMessage;
import java.util.LinkedHashMap;
import java.util.Map;

/** The data of a {@code state} event: {state} and, when there is one, {status_message}. */
final class StateEventData {
    private StateEventData() {
    }

    static Map<String, Object> of(RunState state, StatusMessage status) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("state", state.name());
        if (status != null) {
            Map<String, Object> message = new LinkedHashMap<>();
            message.put("message", status.message());
            message.put("error_code", status.errorCode().wireName());
            message.put("retryable", status.retryable());
            data.put("status_message", message);
        }
        return data;
    }
}
