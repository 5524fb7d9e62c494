package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A webhook of the caller's team. {@code secret} (the signing secret) is only present in the answer of the
 * create; keep it then.
 */
public record Webhook(@JsonAlias("uid") String id, String url, List<String> eventTypes, String description,
                      Boolean enabled, String secret, Instant createdAt, Instant updatedAt,
                      @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public Webhook {
        extra = Extras.of(extra);
    }
}
