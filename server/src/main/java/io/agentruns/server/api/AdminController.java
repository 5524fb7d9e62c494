package io.agentruns.server.api;

import io.agentruns.core.error.ApiException;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.identity.ApiKeyRecord;
import io.agentruns.core.identity.IdentityRepository;
import io.agentruns.core.identity.Principal;
import io.agentruns.core.identity.PrincipalType;
import io.agentruns.core.identity.Scope;
import io.agentruns.core.identity.Team;
import io.agentruns.model.Admin;
import io.agentruns.server.auth.Caller;
import io.agentruns.server.auth.RequiresScope;
import io.agentruns.server.config.ConditionalOnApi;
import io.agentruns.server.identity.AdminService;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * /api/v1/admin: teams, users, service accounts and keys, for keys with the {@code admin} scope.
 * Everything but team creation acts inside the caller's team (invariant 7): another team's key or
 * principal answers 404. A new team comes with its own admin key, shown once.
 */
@RestController
@ConditionalOnApi
@RequiresScope(Scope.ADMIN)
@RequestMapping("/api/v1/admin")
public class AdminController {
    private static final Set<Scope> DEFAULT_SCOPES = EnumSet.of(Scope.RUNS_READ, Scope.RUNS_WRITE);

    private final IdentityRepository identities;
    private final AdminService admin;
    private final PublicUrl publicUrl;
    private final Clock clock;

    public AdminController(IdentityRepository identities, AdminService admin, PublicUrl publicUrl, Clock clock) {
        this.identities = identities;
        this.admin = admin;
        this.publicUrl = publicUrl;
        this.clock = clock;
    }

    @GetMapping("/teams")
    public Admin.TeamList teams(Caller caller) {
        return new Admin.TeamList(List.of(team(caller.key().team())));
    }

    @PostMapping(path = "/teams", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<Admin.CreatedTeam> createTeam(@RequestBody JsonNode body) {
        JsonBody json = new JsonBody();
        String name = json.string(json.root(body), "", "name", 100);
        if (name == null || name.isBlank()) {
            json.error("name", "is required");
        }
        json.throwIfInvalid();
        AdminService.NewTeam created = admin.createTeam(name.strip(), null);
        return ResponseEntity.status(HttpStatus.CREATED).body(new Admin.CreatedTeam(team(created.team()),
                principal(created.admin()), key(created.key().record(), created.key().secret())));
    }

    @GetMapping("/users")
    public Admin.PrincipalList users(Caller caller) {
        return principals(caller, PrincipalType.USER);
    }

    @PostMapping(path = "/users", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<Admin.PrincipalItem> createUser(Caller caller, @RequestBody JsonNode body) {
        return createPrincipal(caller, PrincipalType.USER, body);
    }

    @GetMapping("/service-accounts")
    public Admin.PrincipalList serviceAccounts(Caller caller) {
        return principals(caller, PrincipalType.SERVICE_ACCOUNT);
    }

    @PostMapping(path = "/service-accounts", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<Admin.PrincipalItem> createServiceAccount(Caller caller, @RequestBody JsonNode body) {
        return createPrincipal(caller, PrincipalType.SERVICE_ACCOUNT, body);
    }

    @GetMapping("/keys")
    public Admin.KeyList keys(Caller caller) {
        return new Admin.KeyList(identities.listKeys(caller.teamId()).stream().map(k -> key(k, null)).toList());
    }

    @GetMapping("/keys/{id}")
    public Admin.KeyItem key(Caller caller, @PathVariable String id) {
        return parseId(id).flatMap(uuid -> identities.findKey(caller.teamId(), uuid)).map(k -> key(k, null))
                .orElseThrow(() -> ApiException.notFound("no key " + id));
    }

    /** Creates a key; the answer is the only place its secret ever appears. */
    @PostMapping(path = "/keys", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<Admin.KeyItem> createKey(Caller caller, @RequestBody JsonNode body) {
        JsonBody json = new JsonBody();
        JsonNode root = json.root(body);
        String name = json.string(root, "", "name", 200);
        String principalId = json.string(root, "", "principal_id", 100);
        List<String> scopeNames = json.stringList(root, "", "scopes", 10, 50);
        String expires = json.string(root, "", "expires_at", 64);
        json.throwIfInvalid();
        Set<Scope> scopes = scopeNames == null ? DEFAULT_SCOPES : EnumSet.noneOf(Scope.class);
        if (scopeNames != null) {
            for (String s : scopeNames) {
                try {
                    scopes.add(Scope.fromWireName(s));
                } catch (ApiException e) {
                    throw ApiException.invalid("scopes: unknown scope '" + s + "' (runs:read, runs:write or admin)");
                }
            }
            if (scopes.isEmpty()) {
                throw ApiException.invalid("scopes: must name at least one scope");
            }
        }
        Instant expiresAt = null;
        if (expires != null) {
            try {
                expiresAt = OffsetDateTime.parse(expires).toInstant();
            } catch (DateTimeParseException e) {
                throw ApiException.invalid("expires_at: must be an RFC 3339 timestamp");
            }
            if (!expiresAt.isAfter(clock.instant())) {
                throw ApiException.invalid("expires_at: must be in the future");
            }
        }
        Principal holder = caller.principal();
        if (principalId != null) {
            holder = parseId(principalId).flatMap(uuid -> identities.findPrincipal(caller.teamId(), uuid))
                    .orElseThrow(() -> ApiException.unprocessable(ErrorCode.RESOURCE_NOT_FOUND,
                            "principal_id: no principal " + principalId + " in this team"));
        }
        AdminService.IssuedKey issued = admin.issueKey(caller.teamId(), holder.id(), name, scopes, expiresAt, null);
        return ResponseEntity.created(URI.create(publicUrl.api("/admin/keys/" + issued.record().id())))
                .body(key(issued.record(), issued.secret()));
    }

    /** Revokes a key; it is refused from the next request on. */
    @DeleteMapping("/keys/{id}")
    public ResponseEntity<Void> revoke(Caller caller, @PathVariable String id) {
        UUID uuid = parseId(id).orElseThrow(() -> ApiException.notFound("no key " + id));
        if (identities.findKey(caller.teamId(), uuid).isEmpty()) {
            throw ApiException.notFound("no key " + id);
        }
        identities.revokeKey(caller.teamId(), uuid); // false when already revoked: still done
        return ResponseEntity.noContent().build();
    }

    @PostMapping("/keys/{id}/revoke")
    public ResponseEntity<Void> revokeByPost(Caller caller, @PathVariable String id) {
        return revoke(caller, id);
    }

    private Admin.PrincipalList principals(Caller caller, PrincipalType type) {
        return new Admin.PrincipalList(identities.listPrincipals(caller.teamId(), type).stream()
                .map(AdminController::principal).toList());
    }

    private ResponseEntity<Admin.PrincipalItem> createPrincipal(Caller caller, PrincipalType type, JsonNode body) {
        JsonBody json = new JsonBody();
        JsonNode root = json.root(body);
        String displayName = json.string(root, "", "display_name", 200);
        String photoUrl = json.string(root, "", "photo_url", 2_048);
        if (displayName == null || displayName.isBlank()) {
            json.error("display_name", "is required");
        }
        json.throwIfInvalid();
        Principal p = identities.createPrincipal(caller.teamId(), type, displayName.strip(), photoUrl);
        return ResponseEntity.status(HttpStatus.CREATED).body(principal(p));
    }

    private static Admin.Team team(Team t) {
        return new Admin.Team(t.id().toString(), t.name(), t.createdAt());
    }

    private static Admin.PrincipalItem principal(Principal p) {
        return new Admin.PrincipalItem(p.id().toString(), p.teamId().toString(),
                p.type() == PrincipalType.SERVICE_ACCOUNT ? "service_account" : "user", p.displayName(), p.photoUrl(),
                null);
    }

    private static Admin.KeyItem key(ApiKeyRecord k, String secret) {
        return new Admin.KeyItem(k.id().toString(), k.name(), k.prefix(), k.principalId().toString(),
                k.teamId().toString(), k.scopes().stream().sorted().map(Scope::wireName).toList(), k.createdAt(),
                k.expiresAt(), k.revokedAt(), k.lastUsedAt(), secret);
    }

    private static Optional<UUID> parseId(String id) {
        try {
            return Optional.of(UUID.fromString(id));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
