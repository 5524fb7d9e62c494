package io.agentruns.core.run;

import java.util.Optional;
import java.util.UUID;

/**
 * Durable home of runs. Every read is filtered by team (invariant 7): another team's run is
 * reported exactly like a missing one.
 */
public interface RunRepository {

    /**
     * Stores a new QUEUED run, its first event (seq 1, {@code state} {state: QUEUED}) and, when
     * {@code claim} is given, its idempotency record, all in one transaction (invariant 1).
     * The same principal + key + request hash within the key's lifetime returns
     * {@link CreateResult.Replayed} with the first run and creates nothing.
     *
     * @throws io.agentruns.core.error.ApiException 422 {@code invalid_request} when the key was used
     *         with another request hash
     */
    CreateResult create(NewRun run, IdempotencyClaim claim);

    Optional<Run> find(UUID teamId, UUID runId);

    /**
     * One page of the team's runs (keyset pagination; never OFFSET).
     *
     * @throws io.agentruns.core.error.ApiException 400 {@code invalid_request} for a malformed cursor
     *         or one issued for other filters or another sort
     */
    RunPage list(UUID teamId, RunQuery query);
}
