package io.agentruns.store.contract;

import io.agentruns.core.identity.Principal;
import io.agentruns.core.identity.PrincipalType;
import io.agentruns.core.identity.Team;
import io.agentruns.core.run.AgentConfig;
import io.agentruns.core.run.CreateResult;
import io.agentruns.core.run.NewRun;
import io.agentruns.core.run.Run;
import io.agentruns.core.run.RunSource;
import io.agentruns.store.SqlTime;
import io.agentruns.store.Store;
import io.agentruns.store.StoreJson;
import java.util.Map;
import java.util.UUID;

/** Builds teams, principals and runs for the contract tests; each test works in its own team. */
final class StoreFixture {
    private final Store store;

    StoreFixture(Store store) {
        this.store = store;
    }

    /** A new team with one user. */
    TeamUser newTeam() {
        Team team = store.identities().createTeam("team-" + UUID.randomUUID());
        Principal user = store.identities().createPrincipal(team.id(), PrincipalType.USER, "Ada", null);
        return new TeamUser(team, user);
    }

    record TeamUser(Team team, Principal user) {
        UUID teamId() {
            return team.id();
        }

        NewRun run(String title) {
            return new NewRun(team.id(), title, "prompt of " + title, AgentConfig.empty(), RunSource.API, user.id(),
                    false, null, null);
        }

        NewRun run(String title, AgentConfig config) {
            return new NewRun(team.id(), title, "prompt of " + title, config, RunSource.API, user.id(), false, null,
                    null);
        }
    }

    Run create(NewRun run) {
        CreateResult result = store.runs().create(run, null);
        return result.run();
    }

    static AgentConfig config(String name, String modelId, String environmentId, String skillSpec) {
        return new AgentConfig(name, modelId, null, environmentId, skillSpec, Map.of(), null, null, null);
    }

    /** Stores an artifact row directly (the engine's finish writes them in production). */
    void addArtifact(UUID runId, long seq, String type) {
        store.database().jdbc()
                .sql("INSERT INTO run_artifacts (run_id, seq, artifact_type, created_at, data)"
                        + " VALUES (:run, :seq, :type, :at, :data)")
                .param("run", runId).param("seq", seq).param("type", type)
                .param("at", SqlTime.bind(SqlTime.now(store.clock())))
                .param("data", StoreJson.write(Map.of("url", "https://example.test/" + seq)))
                .update();
    }

    long count(String sql, Map<String, Object> params) {
        return store.database().jdbc().sql(sql).params(params).query(Long.class).single();
    }
}
