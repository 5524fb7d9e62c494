package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Body of webhook create and update: target URL and the event types it receives. */
public record WebhookRequest(String url, List<String> eventTypes, String description, Boolean enabled,
                             @JsonAnyGetter Map<String, Object> extra) {
    public WebhookRequest {
        extra = Extras.of(extra);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builder of {@link WebhookRequest}. */
    public static final class Builder {
        private String url;
        private List<String> eventTypes;
        private String description;
        private Boolean enabled;
        private final Map<String, Object> extra = new LinkedHashMap<>();

        /** http or https URL that receives signed deliveries. */
        public Builder url(String url) { this.url = url; return this; }
        public Builder eventTypes(List<String> eventTypes) { this.eventTypes = eventTypes; return this; }
        public Builder description(String description) { this.description = description; return this; }
        public Builder enabled(Boolean enabled) { this.enabled = enabled; return this; }
        /** Sends a field this SDK does not model. */
        public Builder putExtra(String name, Object value) { extra.put(name, value); return this; }

        public WebhookRequest build() {
            return new WebhookRequest(url, eventTypes, description, enabled, extra);
        }
    }
}
