package io.agentruns.core.identity;

import java.time.Instant;
import java.util.UUID;

/** A tenant: its runs, environments and keys are invisible to every other team (invariant 7). */
public record Team(UUID id, String name, Instant createdAt) {
}
