package io.agentruns.store.environment;

import io.agentruns.core.environment.Environment;
import io.agentruns.core.environment.EnvironmentRepository;
import io.agentruns.core.environment.EnvironmentSpec;
import io.agentruns.core.environment.RepoRef;
import io.agentruns.core.error.ApiException;
import io.agentruns.core.run.Ids;
import io.agentruns.store.SqlTime;
import io.agentruns.store.StoreJson;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.core.type.TypeReference;

/**
 * {@link EnvironmentRepository} on JDBC. One default per team: making an environment the default
 * clears the others in the same transaction, and the unique column default_for_team backs it up
 * against concurrent writers (guarded by StoreContractTest.atMostOneDefaultEnvironmentPerTeam).
 */
public final class JdbcEnvironmentRepository implements EnvironmentRepository {
    private static final String COLUMNS = "id, team_id, name, description, docker_image, repos, setup_commands,"
            + " is_default, created_at, updated_at";
    private static final TypeReference<List<RepoRef>> REPOS = new TypeReference<>() {
    };
    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {
    };

    private final JdbcClient jdbc;
    private final TransactionTemplate tx;
    private final Clock clock;

    public JdbcEnvironmentRepository(JdbcClient jdbc, TransactionTemplate tx, Clock clock) {
        this.jdbc = jdbc;
        this.tx = tx;
        this.clock = clock;
    }

    @Override
    public Environment create(UUID teamId, EnvironmentSpec spec) {
        UUID id = Ids.uuidV7(clock);
        Instant now = SqlTime.now(clock);
        concurrentDefaultIsConflict(() -> tx.executeWithoutResult(status -> {
            if (spec.isDefault()) {
                clearDefault(teamId, now);
            }
            jdbc.sql("INSERT INTO environments (" + COLUMNS + ", default_for_team) VALUES (:id, :team, :name,"
                            + " :description, :image, :repos, :setup, :isDefault, :now, :now, :defaultFor)")
                    .param("id", id)
                    .param("team", teamId)
                    .param("now", SqlTime.bind(now))
                    .params(specParams(teamId, spec))
                    .update();
        }));
        return find(teamId, id).orElseThrow();
    }

    @Override
    public Optional<Environment> find(UUID teamId, UUID environmentId) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM environments WHERE id = :id AND team_id = :team")
                .param("id", environmentId).param("team", teamId)
                .query(JdbcEnvironmentRepository::map).optional();
    }

    @Override
    public List<Environment> list(UUID teamId) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM environments WHERE team_id = :team ORDER BY created_at, id")
                .param("team", teamId)
                .query(JdbcEnvironmentRepository::map).list();
    }

    @Override
    public Optional<Environment> update(UUID teamId, UUID environmentId, EnvironmentSpec spec) {
        Instant now = SqlTime.now(clock);
        Integer updated = concurrentDefaultIsConflict(() -> tx.execute(status -> {
            if (spec.isDefault()) {
                clearDefault(teamId, now);
            }
            return jdbc.sql("UPDATE environments SET name = :name, description = :description, docker_image = :image,"
                            + " repos = :repos, setup_commands = :setup, is_default = :isDefault,"
                            + " default_for_team = :defaultFor, updated_at = :now WHERE id = :id AND team_id = :team")
                    .param("id", environmentId)
                    .param("team", teamId)
                    .param("now", SqlTime.bind(now))
                    .params(specParams(teamId, spec))
                    .update();
        }));
        return updated == 0 ? Optional.empty() : find(teamId, environmentId);
    }

    @Override
    public boolean delete(UUID teamId, UUID environmentId) {
        return jdbc.sql("DELETE FROM environments WHERE id = :id AND team_id = :team")
                .param("id", environmentId).param("team", teamId).update() == 1;
    }

    @Override
    public Optional<Environment> findDefault(UUID teamId) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM environments WHERE default_for_team = :team")
                .param("team", teamId)
                .query(JdbcEnvironmentRepository::map).optional();
    }

    private void clearDefault(UUID teamId, Instant now) {
        jdbc.sql("UPDATE environments SET is_default = FALSE, default_for_team = NULL, updated_at = :now"
                        + " WHERE default_for_team = :team")
                .param("team", teamId).param("now", SqlTime.bind(now)).update();
    }

    private static java.util.Map<String, Object> specParams(UUID teamId, EnvironmentSpec spec) {
        java.util.Map<String, Object> p = new java.util.HashMap<>();
        p.put("name", spec.name());
        p.put("description", spec.description());
        p.put("image", spec.dockerImage());
        p.put("repos", StoreJson.write(spec.repos()));
        p.put("setup", StoreJson.write(spec.setupCommands()));
        p.put("isDefault", spec.isDefault());
        p.put("defaultFor", spec.isDefault() ? teamId : null);
        return p;
    }

    private static <T> T concurrentDefaultIsConflict(java.util.function.Supplier<T> write) {
        try {
            return write.get();
        } catch (DuplicateKeyException e) {
            throw ApiException.conflict("another environment of the team became the default at the same time; retry");
        }
    }

    private static void concurrentDefaultIsConflict(Runnable write) {
        concurrentDefaultIsConflict(() -> {
            write.run();
            return null;
        });
    }

    private static Environment map(ResultSet rs, int n) throws SQLException {
        return new Environment(rs.getObject("id", UUID.class), rs.getObject("team_id", UUID.class),
                rs.getString("name"), rs.getString("description"), rs.getString("docker_image"),
                StoreJson.read(rs.getString("repos"), REPOS), StoreJson.read(rs.getString("setup_commands"), STRINGS),
                rs.getBoolean("is_default"), SqlTime.read(rs, "created_at"), SqlTime.read(rs, "updated_at"));
    }
}
