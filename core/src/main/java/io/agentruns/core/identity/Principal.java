package io.agentruns.core.identity;

import java.util.UUID;

/** A user or service account of one team (wire: UserProfile). */
public record Principal(UUID id, UUID teamId, PrincipalType type, String displayName, String photoUrl) {
}
