package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * An API key as the admin endpoints show it. {@code key} (the secret value) is only present in the answer
 * of the create: it is shown once.
 */
public record ApiKey(@JsonAlias({"uid", "key_id"}) String id, String name, String prefix, List<String> scopes,
                     String principalId, String teamId, Instant createdAt, Instant expiresAt,
                     Instant revokedAt, Instant lastUsedAt, @JsonAlias({"api_key", "secret", "value"}) String key,
                     @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public ApiKey {
        extra = Extras.of(extra);
    }
}
