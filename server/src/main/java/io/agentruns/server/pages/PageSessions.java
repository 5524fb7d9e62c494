package io.agentruns.server.pages;

import io.agentruns.core.identity.ApiKeySecret;
import io.agentruns.core.run.Ids;
import io.agentruns.store.Database;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Cookie sessions of the session pages in authenticated mode: the cookie holds a random token, the
 * database only its SHA-256 (invariant 8), with the team and principal that signed in and an expiry.
 * Stored in the database so that every API node accepts the cookie.
 */
public class PageSessions {
    public static final Duration LIFETIME = Duration.ofHours(12);

    /** Who a valid cookie belongs to. */
    public record Session(UUID teamId, UUID principalId) {
    }

    private final JdbcClient jdbc;
    private final Clock clock;

    public PageSessions(Database database, Clock clock) {
        this.jdbc = database.jdbc();
        this.clock = clock;
    }

    /** Creates a session and returns the cookie value (shown to the browser only). */
    public String create(UUID teamId, UUID principalId) {
        String token = "ps_" + Ids.capability() + Ids.capability();
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        // Expired sessions of anyone are removed on the way (there is no separate cleaner).
        jdbc.sql("DELETE FROM page_sessions WHERE expires_at < ?").param(ts(now)).update();
        jdbc.sql("INSERT INTO page_sessions (token_hash, team_id, principal_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)")
                .params(ApiKeySecret.hash(token), teamId, principalId, ts(now), ts(now.plus(LIFETIME)))
                .update();
        return token;
    }

    public Optional<Session> find(String token) {
        if (token == null || token.isBlank() || token.length() > 200) {
            return Optional.empty();
        }
        return jdbc.sql("SELECT team_id, principal_id FROM page_sessions WHERE token_hash = ? AND expires_at > ?")
                .params(ApiKeySecret.hash(token), ts(clock.instant()))
                .query((rs, n) -> new Session(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class)))
                .optional();
    }

    private static OffsetDateTime ts(Instant i) {
        return OffsetDateTime.ofInstant(i.truncatedTo(ChronoUnit.MILLIS), ZoneOffset.UTC);
    }
}
