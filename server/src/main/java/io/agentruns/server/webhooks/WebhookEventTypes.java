package io.agentruns.server.webhooks;

import io.agentruns.core.error.ApiException;
import io.agentruns.core.run.RunState;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The event types a webhook can subscribe to, and which of them a transition produces. */
public final class WebhookEventTypes {
    public static final String STATE_CHANGED = "run.state_changed";
    public static final List<String> ALL = List.of(STATE_CHANGED, "run.queued", "run.started", "run.succeeded",
            "run.failed", "run.cancelled");

    private WebhookEventTypes() {
    }

    /** Every type announced by a transition into {@code to}: the generic one and the specific one. */
    public static List<String> forTransition(RunState to) {
        String specific = switch (to) {
            case QUEUED -> "run.queued";
            case INPROGRESS -> "run.started";
            case SUCCEEDED -> "run.succeeded";
            case FAILED -> "run.failed";
            case CANCELLED -> "run.cancelled";
        };
        return List.of(STATE_CHANGED, specific);
    }

    /** Validated, deduplicated list; absent or empty means {@code run.state_changed}. */
    public static List<String> parse(List<String> requested) {
        if (requested == null || requested.isEmpty()) {
            return List.of(STATE_CHANGED);
        }
        Set<String> out = new LinkedHashSet<>();
        for (String t : requested) {
            if (t == null || !ALL.contains(t)) {
                throw ApiException.invalid("unknown event type: " + t + " (expected one of " + String.join(", ", ALL) + ")");
            }
            out.add(t);
        }
        return new ArrayList<>(out);
    }
}
