package io.agentruns.store.identity;

import io.agentruns.core.error.ApiException;
import io.agentruns.core.identity.ApiKeyRecord;
import io.agentruns.core.identity.AuthenticatedKey;
import io.agentruns.core.identity.IdentityRepository;
import io.agentruns.core.identity.NewApiKey;
import io.agentruns.core.identity.Principal;
import io.agentruns.core.identity.PrincipalType;
import io.agentruns.core.identity.Scope;
import io.agentruns.core.identity.Team;
import io.agentruns.core.run.Ids;
import io.agentruns.store.Dialect;
import io.agentruns.store.SqlTime;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@link IdentityRepository} on JDBC. Keys are stored as SHA-256 hash + visible prefix only
 * (invariant 8); every read but the key lookup by hash is filtered by team (invariant 7).
 */
public final class JdbcIdentityRepository implements IdentityRepository {
    private static final String KEY_COLUMNS = "k.id, k.team_id, k.principal_id, k.name, k.prefix, k.scopes,"
            + " k.created_at, k.expires_at, k.revoked_at, k.last_used_at";

    private final JdbcClient jdbc;
    private final Clock clock;
    private final Dialect dialect;

    public JdbcIdentityRepository(JdbcClient jdbc, Clock clock, Dialect dialect) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.dialect = dialect;
    }

    @Override
    public Team createTeam(String name) {
        Team team = new Team(Ids.uuidV7(clock), name, SqlTime.now(clock));
        try {
            jdbc.sql("INSERT INTO teams (id, name, created_at) VALUES (:id, :name, :at)")
                    .param("id", team.id())
                    .param("name", name)
                    .param("at", SqlTime.bind(team.createdAt()))
                    .update();
        } catch (DuplicateKeyException e) {
            throw ApiException.conflict("a team named '" + name + "' already exists");
        }
        return team;
    }

    @Override
    public Optional<Team> findTeam(UUID teamId) {
        return jdbc.sql("SELECT id, name, created_at FROM teams WHERE id = :id")
                .param("id", teamId).query(JdbcIdentityRepository::team).optional();
    }

    @Override
    public Optional<Team> findTeamByName(String name) {
        return jdbc.sql("SELECT id, name, created_at FROM teams WHERE name = :name")
                .param("name", name).query(JdbcIdentityRepository::team).optional();
    }

    @Override
    public List<Team> listTeams() {
        return jdbc.sql("SELECT id, name, created_at FROM teams ORDER BY created_at, id")
                .query(JdbcIdentityRepository::team).list();
    }

    @Override
    public Principal createPrincipal(UUID teamId, PrincipalType type, String displayName, String photoUrl) {
        Principal p = new Principal(Ids.uuidV7(clock), teamId, type, displayName, photoUrl);
        jdbc.sql("INSERT INTO principals (id, team_id, type, display_name, photo_url, created_at)"
                        + " VALUES (:id, :team, :type, :name, :photo, :at)")
                .param("id", p.id())
                .param("team", teamId)
                .param("type", type.name())
                .param("name", displayName)
                .param("photo", photoUrl)
                .param("at", SqlTime.bind(SqlTime.now(clock)))
                .update();
        return p;
    }

    @Override
    public Optional<Principal> findPrincipal(UUID teamId, UUID principalId) {
        return jdbc.sql("SELECT id, team_id, type, display_name, photo_url FROM principals"
                        + " WHERE id = :id AND team_id = :team")
                .param("id", principalId).param("team", teamId)
                .query((rs, n) -> principal(rs, "")).optional();
    }

    @Override
    public List<Principal> listPrincipals(UUID teamId, PrincipalType typeOrNull) {
        String sql = "SELECT id, team_id, type, display_name, photo_url FROM principals WHERE team_id = :team"
                + (typeOrNull == null ? "" : " AND type = :type") + " ORDER BY created_at, id";
        JdbcClient.StatementSpec spec = jdbc.sql(sql).param("team", teamId);
        if (typeOrNull != null) {
            spec = spec.param("type", typeOrNull.name());
        }
        return spec.query((rs, n) -> principal(rs, "")).list();
    }

    @Override
    public ApiKeyRecord createKey(NewApiKey key) {
        UUID id = Ids.uuidV7(clock);
        Instant now = SqlTime.now(clock);
        jdbc.sql("INSERT INTO api_keys (id, team_id, principal_id, prefix, key_hash, scopes, name, created_at, expires_at)"
                        + " SELECT :id, p.team_id, p.id, :prefix, :hash, :scopes, :name, :at, :expires"
                        + " FROM principals p WHERE p.id = :principal AND p.team_id = :team")
                .param("id", id)
                .param("team", key.teamId())
                .param("principal", key.principalId())
                .param("prefix", key.prefix())
                .param("hash", key.keyHash())
                .param("scopes", Scope.format(key.scopes()))
                .param("name", key.name())
                .param("at", SqlTime.bind(now))
                .param("expires", SqlTime.bind(key.expiresAt()))
                .update();
        // The INSERT ... SELECT stores nothing for a principal of another team (invariant 7).
        return findKey(key.teamId(), id).orElseThrow(
                () -> ApiException.notFound("principal " + key.principalId() + " not found"));
    }

    /** Guarded by StoreContractTest.revokedAndExpiredKeysAreNotFound. */
    @Override
    public Optional<AuthenticatedKey> findActiveKeyByHash(String keyHash) {
        return jdbc.sql("SELECT " + KEY_COLUMNS + ", p.id AS p_id, p.team_id AS p_team_id, p.type AS p_type,"
                        + " p.display_name AS p_display_name, p.photo_url AS p_photo_url,"
                        + " t.id AS t_id, t.name AS t_name, t.created_at AS t_created_at"
                        + " FROM api_keys k JOIN principals p ON p.id = k.principal_id JOIN teams t ON t.id = k.team_id"
                        + " WHERE k.key_hash = :hash AND k.revoked_at IS NULL"
                        + " AND (k.expires_at IS NULL OR k.expires_at > :now)")
                .param("hash", keyHash)
                .param("now", SqlTime.bind(SqlTime.now(clock)))
                .query((rs, n) -> new AuthenticatedKey(key(rs), principal(rs, "p_"),
                        new Team(rs.getObject("t_id", UUID.class), rs.getString("t_name"), SqlTime.read(rs, "t_created_at"))))
                .optional();
    }

    @Override
    public void markUsed(UUID keyId) {
        jdbc.sql("UPDATE api_keys SET last_used_at = :now WHERE id = :id")
                .param("now", SqlTime.bind(SqlTime.now(clock))).param("id", keyId).update();
    }

    @Override
    public Optional<ApiKeyRecord> findKey(UUID teamId, UUID keyId) {
        return jdbc.sql("SELECT " + KEY_COLUMNS + " FROM api_keys k WHERE k.id = :id AND k.team_id = :team")
                .param("id", keyId).param("team", teamId)
                .query((rs, n) -> key(rs)).optional();
    }

    @Override
    public List<ApiKeyRecord> listKeys(UUID teamId) {
        return jdbc.sql("SELECT " + KEY_COLUMNS + " FROM api_keys k WHERE k.team_id = :team"
                        + " ORDER BY k.created_at DESC, k.id DESC")
                .param("team", teamId)
                .query((rs, n) -> key(rs)).list();
    }

    /**
     * On PostgreSQL the same statement (so the same transaction, invariant 6) NOTIFYs
     * {@link ApiKeyRevocationListener#CHANNEL} with the key's id, so that every node drops the key
     * from its {@link ApiKeyCache}; H2 is one process, where CachingIdentityRepository does that.
     */
    @Override
    public boolean revokeKey(UUID teamId, UUID keyId) {
        String update = "UPDATE api_keys SET revoked_at = :now WHERE id = :id AND team_id = :team AND revoked_at IS NULL";
        if (dialect != Dialect.POSTGRESQL) {
            return jdbc.sql(update)
                    .param("now", SqlTime.bind(SqlTime.now(clock))).param("id", keyId).param("team", teamId)
                    .update() == 1;
        }
        return jdbc.sql("WITH revoked AS (" + update + " RETURNING id)"
                        + " SELECT pg_notify('" + ApiKeyRevocationListener.CHANNEL + "', id::text) FROM revoked")
                .param("now", SqlTime.bind(SqlTime.now(clock))).param("id", keyId).param("team", teamId)
                .query().listOfRows().size() == 1;
    }

    @Override
    public boolean anyKeyExists() {
        return jdbc.sql("SELECT COUNT(*) FROM (SELECT 1 FROM api_keys LIMIT 1) x").query(Long.class).single() > 0;
    }

    private static Team team(ResultSet rs, int n) throws SQLException {
        return new Team(rs.getObject("id", UUID.class), rs.getString("name"), SqlTime.read(rs, "created_at"));
    }

    private static Principal principal(ResultSet rs, String prefix) throws SQLException {
        return new Principal(rs.getObject(prefix + "id", UUID.class), rs.getObject(prefix + "team_id", UUID.class),
                PrincipalType.valueOf(rs.getString(prefix + "type")), rs.getString(prefix + "display_name"),
                rs.getString(prefix + "photo_url"));
    }

    private static ApiKeyRecord key(ResultSet rs) throws SQLException {
        return new ApiKeyRecord(rs.getObject("id", UUID.class), rs.getObject("team_id", UUID.class),
                rs.getObject("principal_id", UUID.class), rs.getString("name"), rs.getString("prefix"),
                Scope.parse(rs.getString("scopes")), SqlTime.read(rs, "created_at"), SqlTime.read(rs, "expires_at"),
                SqlTime.read(rs, "revoked_at"), SqlTime.read(rs, "last_used_at"));
    }
}
