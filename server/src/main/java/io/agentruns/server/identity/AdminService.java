package io.agentruns.server.identity;

import io.agentruns.core.environment.EnvironmentRepository;
import io.agentruns.core.environment.EnvironmentSpec;
import io.agentruns.core.identity.ApiKeyRecord;
import io.agentruns.core.identity.ApiKeySecret;
import io.agentruns.core.identity.NewApiKey;
import io.agentruns.core.identity.IdentityRepository;
import io.agentruns.core.identity.Principal;
import io.agentruns.core.identity.PrincipalType;
import io.agentruns.core.identity.Scope;
import io.agentruns.core.identity.Team;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Service;

/**
 * Teams, principals and keys. A key's secret exists only in the returned {@link IssuedKey}: the
 * store keeps its prefix and SHA-256 (invariant 8, guarded by {@code AuthTest}).
 */
@Service
public class AdminService {
    public static final String DEFAULT_ENVIRONMENT = "default";

    private final IdentityRepository identities;
    private final EnvironmentRepository environments;

    public AdminService(IdentityRepository identities, EnvironmentRepository environments) {
        this.identities = identities;
        this.environments = environments;
    }

    /** A key and its secret, which the caller shows once. */
    public record IssuedKey(ApiKeyRecord record, String secret) {
    }

    /** A new team with its empty default environment, an admin service account and its admin key. */
    public record NewTeam(Team team, Principal admin, IssuedKey key) {
    }

    public IssuedKey issueKey(UUID teamId, UUID principalId, String name, Set<Scope> scopes, Instant expiresAt,
                              String givenSecret) {
        ApiKeySecret secret = givenSecret != null ? ApiKeySecret.of(givenSecret) : ApiKeySecret.generate();
        ApiKeyRecord record = identities.createKey(new NewApiKey(teamId, principalId, name, scopes, expiresAt,
                secret.prefix(), secret.hash()));
        return new IssuedKey(record, secret.value());
    }

    public NewTeam createTeam(String name, String givenAdminKey) {
        Team team = identities.createTeam(name);
        environments.create(team.id(), new EnvironmentSpec(DEFAULT_ENVIRONMENT, "The team's default environment",
                null, List.of(), List.of(), true));
        Principal admin = identities.createPrincipal(team.id(), PrincipalType.SERVICE_ACCOUNT, "admin", null);
        IssuedKey key = issueKey(team.id(), admin.id(), "admin", Set.of(Scope.ADMIN), null, givenAdminKey);
        return new NewTeam(team, admin, key);
    }
}
