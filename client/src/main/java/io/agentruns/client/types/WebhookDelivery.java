package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.util.Map;

/** One attempt (or pending attempt) to deliver an event to a webhook; the fields are kept as sent. */
public record WebhookDelivery(@JsonAnySetter @JsonAnyGetter Map<String, Object> fields) {
    public WebhookDelivery {
        fields = Extras.of(fields);
    }

    /** A field of the delivery by its wire name, or null. */
    public Object get(String name) {
        return fields.get(name);
    }
}
