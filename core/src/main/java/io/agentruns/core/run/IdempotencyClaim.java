package io.agentruns.core.run;

import java.util.Objects;
import java.util.UUID;

/**
 * An {@code Idempotency-Key} presented on create: the key is scoped to the principal, and
 * {@code requestHash} (e.g. SHA-256 of the canonical request body) tells a retry from a reuse.
 */
public record IdempotencyClaim(UUID principalId, String key, String requestHash) {
    public IdempotencyClaim {
        Objects.requireNonNull(principalId, "principalId");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(requestHash, "requestHash");
    }
}
