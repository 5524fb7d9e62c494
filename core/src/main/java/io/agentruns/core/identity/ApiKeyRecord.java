package io.agentruns.core.identity;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

/**
 * An API key as stored: never the secret, only its visible {@code prefix} (and, in the store, its
 * SHA-256 hash). {@code expiresAt}, {@code revokedAt} and {@code lastUsedAt} may be null.
 */
public record ApiKeyRecord(UUID id, UUID teamId, UUID principalId, String name, String prefix, Set<Scope> scopes,
                           Instant createdAt, Instant expiresAt, Instant revokedAt, Instant lastUsedAt) {
    public ApiKeyRecord {
        scopes = Set.copyOf(scopes);
    }

    /** Usable now: not revoked and not expired. */
    public boolean isActive(Instant now) {
        return revokedAt == null && (expiresAt == null || expiresAt.isAfter(now));
    }
}
