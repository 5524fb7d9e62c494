package io.agentruns.core.environment;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A team's environments. At most one per team is the default: marking one default clears the
 * flag on the others in the same transaction (and a unique constraint backs it).
 */
public interface EnvironmentRepository {

    Environment create(UUID teamId, EnvironmentSpec spec);

    Optional<Environment> find(UUID teamId, UUID environmentId);

    /** Oldest first. */
    List<Environment> list(UUID teamId);

    /** Replaces the writable fields; empty when the team has no such environment. */
    Optional<Environment> update(UUID teamId, UUID environmentId, EnvironmentSpec spec);

    boolean delete(UUID teamId, UUID environmentId);

    Optional<Environment> findDefault(UUID teamId);
}
