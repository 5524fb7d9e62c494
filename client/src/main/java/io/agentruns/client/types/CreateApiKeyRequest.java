package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Body of {@code POST /admin/keys}: scopes are {@code runs:read}, {@code runs:write}, {@code admin}. */
public record CreateApiKeyRequest(String name, List<String> scopes, Instant expiresAt, String principalId,
                                  @JsonAnyGetter Map<String, Object> extra) {
    public CreateApiKeyRequest {
        extra = Extras.of(extra);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builder of {@link CreateApiKeyRequest}. */
    public static final class Builder {
        private String name;
        private List<String> scopes;
        private Instant expiresAt;
        private String principalId;
        private final Map<String, Object> extra = new LinkedHashMap<>();

        public Builder name(String name) { this.name = name; return this; }
        public Builder scopes(List<String> scopes) { this.scopes = scopes; return this; }
        public Builder expiresAt(Instant expiresAt) { this.expiresAt = expiresAt; return this; }
        /** The principal the key acts as; absent means the server's default (see the admin API). */
        public Builder principalId(String principalId) { this.principalId = principalId; return this; }
        /** Sends a field this SDK does not model. */
        public Builder putExtra(String name, Object value) { extra.put(name, value); return this; }

        public CreateApiKeyRequest build() {
            return new CreateApiKeyRequest(name, scopes, expiresAt, principalId, extra);
        }
    }
}
