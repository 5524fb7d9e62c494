package io.agentruns.store.run;

import io.agentruns.core.run.Artifact;
import io.agentruns.store.SqlTime;
import io.agentruns.store.StoreJson;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.ArrayList;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Reads run_artifacts, one query per page of runs (no N+1). */
public final class ArtifactRows {
    private final JdbcClient jdbc;

    public ArtifactRows(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The artifacts of each of {@code runIds}, in seq order; runs without any are absent. */
    public Map<UUID, List<Artifact>> forRuns(Collection<UUID> runIds) {
        Map<UUID, List<Artifact>> out = new HashMap<>();
        if (runIds.isEmpty()) {
            return out;
        }
        jdbc.sql("SELECT run_id, artifact_type, created_at, data FROM run_artifacts"
                        + " WHERE run_id IN (:ids) ORDER BY run_id, seq")
                .param("ids", List.copyOf(runIds))
                .query(rs -> {
                    out.computeIfAbsent(rs.getObject("run_id", UUID.class), k -> new ArrayList<>())
                            .add(new Artifact(rs.getString("artifact_type"), SqlTime.read(rs, "created_at"),
                                    StoreJson.readMap(rs.getString("data"))));
                });
        return out;
    }
}
