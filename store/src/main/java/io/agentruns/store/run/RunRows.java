package io.agentruns.store.run;

import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.identity.Principal;
import io.agentruns.core.identity.PrincipalType;
import io.agentruns.core.run.AgentConfig;
import io.agentruns.core.run.Artifact;
import io.agentruns.core.run.Run;
import io.agentruns.core.run.RunSource;
import io.agentruns.core.run.RunState;
import io.agentruns.core.run.StatusMessage;
import io.agentruns.core.run.Usage;
import io.agentruns.store.SqlTime;
import io.agentruns.store.StoreJson;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

/** Reads a runs row (joined with its creator) into a {@link Run}; artifacts come from {@link ArtifactRows}. */
final class RunRows {
    /** Select list and join shared by find and list; {@code r} is runs, {@code p} the creator. */
    static final String SELECT = "SELECT r.id, r.team_id, r.title, r.prompt, r.state, r.created_at, r.updated_at,"
            + " r.started_at, r.finished_at, r.session_id, r.config, r.source, r.team_scoped, r.parent_run_id,"
            + " r.schedule_id, r.status_message, r.status_error_code, r.status_retryable, r.output,"
            + " r.input_tokens, r.output_tokens, r.inference_cost, r.compute_cost, r.worker_id,"
            + " r.lease_expires_at, r.version, r.config_name,"
            + " p.id AS p_id, p.team_id AS p_team_id, p.type AS p_type, p.display_name AS p_display_name,"
            + " p.photo_url AS p_photo_url"
            + " FROM runs r JOIN principals p ON p.id = r.creator_id";

    /**
     * {@link #SELECT} plus {@code has_artifacts}: whether the run has any artifact (a primary-key probe
     * per row), so that a page of runs without artifacts needs no second query for them.
     */
    static final String SELECT_WITH_HAS_ARTIFACTS = SELECT.replace(" FROM runs r",
            ", EXISTS (SELECT 1 FROM run_artifacts x WHERE x.run_id = r.id) AS has_artifacts FROM runs r");

    /** {@link #SELECT} plus the run's artifacts ({@code a_type}, {@code a_created_at}, {@code a_data}; null when none). */
    static final String SELECT_WITH_ARTIFACTS = SELECT.replace(" FROM runs r",
            ", a.artifact_type AS a_type, a.created_at AS a_created_at, a.data AS a_data FROM runs r")
            + " LEFT JOIN run_artifacts a ON a.run_id = r.id";

    private RunRows() {
    }

    static Run map(ResultSet rs, List<Artifact> artifacts) throws SQLException {
        Principal creator = new Principal(rs.getObject("p_id", UUID.class), rs.getObject("p_team_id", UUID.class),
                PrincipalType.valueOf(rs.getString("p_type")), rs.getString("p_display_name"),
                rs.getString("p_photo_url"));
        Usage usage = new Usage(rs.getLong("input_tokens"), rs.getLong("output_tokens"),
                rs.getDouble("inference_cost"), rs.getDouble("compute_cost"));
        return new Run(rs.getObject("id", UUID.class), rs.getObject("team_id", UUID.class), rs.getString("title"),
                rs.getString("prompt"), RunState.valueOf(rs.getString("state")),
                SqlTime.read(rs, "created_at"), SqlTime.read(rs, "updated_at"),
                SqlTime.read(rs, "started_at"), SqlTime.read(rs, "finished_at"),
                rs.getString("session_id"), StoreJson.read(rs.getString("config"), AgentConfig.class),
                status(rs), RunSource.valueOf(rs.getString("source")), creator, rs.getBoolean("team_scoped"),
                usage, artifacts, rs.getObject("parent_run_id", UUID.class), rs.getString("schedule_id"),
                rs.getString("output"), rs.getString("worker_id"), SqlTime.read(rs, "lease_expires_at"),
                rs.getLong("version"));
    }

    private static StatusMessage status(ResultSet rs) throws SQLException {
        String message = rs.getString("status_message");
        if (message == null) {
            return null;
        }
        return new StatusMessage(message, ErrorCode.fromWireName(rs.getString("status_error_code")),
                rs.getBoolean("status_retryable"));
    }
}
