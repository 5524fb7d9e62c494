package io.agentruns.store.identity;

import io.agentruns.core.identity.ApiKeyRecord;
import io.agentruns.core.identity.AuthenticatedKey;
import io.agentruns.core.identity.IdentityRepository;
import io.agentruns.core.identity.NewApiKey;
import io.agentruns.core.identity.Principal;
import io.agentruns.core.identity.PrincipalType;
import io.agentruns.core.identity.Team;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * An {@link IdentityRepository} that answers the per-request key lookup from an {@link ApiKeyCache}
 * and forgets a key as soon as this node revokes it (other nodes learn through NOTIFY, see
 * {@link ApiKeyRevocationListener}). Everything else goes straight to the delegate.
 * Guarded by {@code StoreContractTest.revokedAndExpiredKeysAreNotFound} and {@code ApiKeyCacheTest}.
 */
public final class CachingIdentityRepository implements IdentityRepository {
    private final IdentityRepository delegate;
    private final ApiKeyCache cache;

    public CachingIdentityRepository(IdentityRepository delegate, ApiKeyCache cache) {
        this.delegate = delegate;
        this.cache = cache;
    }

    @Override
    public Optional<AuthenticatedKey> findActiveKeyByHash(String keyHash) {
        return cache.find(keyHash, delegate::findActiveKeyByHash);
    }

    @Override
    public boolean revokeKey(UUID teamId, UUID keyId) {
        try {
            return delegate.revokeKey(teamId, keyId);
        } finally {
            cache.invalidateKey(keyId);
        }
    }

    @Override
    public void markUsed(UUID keyId) {
        delegate.markUsed(keyId);
        cache.invalidateKey(keyId); // the next lookup reads the new last_used_at (marked once a minute)
    }

    @Override
    public Team createTeam(String name) {
        return delegate.createTeam(name);
    }

    @Override
    public Optional<Team> findTeam(UUID teamId) {
        return delegate.findTeam(teamId);
    }

    @Override
    public Optional<Team> findTeamByName(String name) {
        return delegate.findTeamByName(name);
    }

    @Override
    public List<Team> listTeams() {
        return delegate.listTeams();
    }

    @Override
    public Principal createPrincipal(UUID teamId, PrincipalType type, String displayName, String photoUrl) {
        return delegate.createPrincipal(teamId, type, displayName, photoUrl);
    }

    @Override
    public Optional<Principal> findPrincipal(UUID teamId, UUID principalId) {
        return delegate.findPrincipal(teamId, principalId);
    }

    @Override
    public List<Principal> listPrincipals(UUID teamId, PrincipalType typeOrNull) {
        return delegate.listPrincipals(teamId, typeOrNull);
    }

    @Override
    public ApiKeyRecord createKey(NewApiKey key) {
        return delegate.createKey(key);
    }

    @Override
    public Optional<ApiKeyRecord> findKey(UUID teamId, UUID keyId) {
        return delegate.findKey(teamId, keyId);
    }

    @Override
    public List<ApiKeyRecord> listKeys(UUID teamId) {
        return delegate.listKeys(teamId);
    }

    @Override
    public boolean anyKeyExists() {
        return delegate.anyKeyExists();
    }
}
