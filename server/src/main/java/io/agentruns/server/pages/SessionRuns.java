package io.agentruns.server.pages;

import io.agentruns.store.Database;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Finds the run behind a session id. The session id is a 128-bit capability (Ids.capability), so
 * this lookup is deliberately not team-scoped: knowing the id is the permission (unless session
 * pages are in authenticated mode, where {@link PageAccess} also checks the signed-in team).
 */
public class SessionRuns {
    private static final Pattern SESSION_ID = Pattern.compile("[A-Za-z0-9_-]{16,100}");

    /** Where a session's run lives. */
    public record RunRef(UUID teamId, UUID runId) {
    }

    private final JdbcClient jdbc;

    public SessionRuns(Database database) {
        this.jdbc = database.jdbc();
    }

    public Optional<RunRef> find(String sessionId) {
        if (sessionId == null || !SESSION_ID.matcher(sessionId).matches()) {
            return Optional.empty();
        }
        return jdbc.sql("SELECT team_id, id FROM runs WHERE session_id = ?")
                .param(sessionId)
                .query((rs, n) -> new RunRef(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class)))
                .optional();
    }
}
