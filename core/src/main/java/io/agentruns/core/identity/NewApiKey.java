package io.agentruns.core.identity;

import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

/** What the store keeps of a new key; the secret itself is never passed to the store. */
public record NewApiKey(UUID teamId, UUID principalId, String name, Set<Scope> scopes, Instant expiresAt,
                        String prefix, String keyHash) {
    public NewApiKey {
        Objects.requireNonNull(teamId, "teamId");
        Objects.requireNonNull(principalId, "principalId");
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(keyHash, "keyHash");
        scopes = Set.copyOf(scopes);
    }
}
