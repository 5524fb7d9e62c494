package io.agentruns.core.identity;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Teams, principals (users and service accounts) and their API keys. Reads are team-scoped. */
public interface IdentityRepository {

    /** @throws io.agentruns.core.error.ApiException 409 conflict when the name is taken */
    Team createTeam(String name);

    Optional<Team> findTeam(UUID teamId);

    Optional<Team> findTeamByName(String name);

    List<Team> listTeams();

    Principal createPrincipal(UUID teamId, PrincipalType type, String displayName, String photoUrl);

    Optional<Principal> findPrincipal(UUID teamId, UUID principalId);

    /** The team's principals, of one type or (null) all, oldest first. */
    List<Principal> listPrincipals(UUID teamId, PrincipalType typeOrNull);

    ApiKeyRecord createKey(NewApiKey key);

    /** An active key (not revoked, not expired at the store's clock) by the SHA-256 of its value. */
    Optional<AuthenticatedKey> findActiveKeyByHash(String keyHash);

    /** Records that the key was used now (best effort, for key listings). */
    void markUsed(UUID keyId);

    Optional<ApiKeyRecord> findKey(UUID teamId, UUID keyId);

    /** The team's keys, newest first, revoked ones included. */
    List<ApiKeyRecord> listKeys(UUID teamId);

    /** Revokes the key at once; false when the team has no such key or it was already revoked. */
    boolean revokeKey(UUID teamId, UUID keyId);

    /** Whether any key exists at all (the service bootstraps an admin key into an empty database). */
    boolean anyKeyExists();
}
