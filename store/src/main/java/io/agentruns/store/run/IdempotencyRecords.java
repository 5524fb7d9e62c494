package io.agentruns.store.run;

import io.agentruns.core.run.IdempotencyClaim;
import io.agentruns.store.SqlTime;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Rows of idempotency_keys; the primary key (principal_id, idem_key) decides concurrent races. */
final class IdempotencyRecords {
    private final JdbcClient jdbc;

    IdempotencyRecords(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** What an earlier create with this principal and key recorded, when it has not expired at {@code now}. */
    record Recorded(String requestHash, UUID runId) {
    }

    Optional<Recorded> findLive(IdempotencyClaim claim, Instant now) {
        return jdbc.sql("SELECT request_hash, run_id FROM idempotency_keys"
                        + " WHERE principal_id = :principal AND idem_key = :key AND expires_at > :now")
                .param("principal", claim.principalId())
                .param("key", claim.key())
                .param("now", SqlTime.bind(now))
                .query((rs, n) -> new Recorded(rs.getString(1), rs.getObject(2, UUID.class)))
                .optional();
    }

    /** Frees the key when its earlier use has expired, so that it can be claimed again. */
    void deleteExpired(IdempotencyClaim claim, Instant now) {
        jdbc.sql("DELETE FROM idempotency_keys"
                        + " WHERE principal_id = :principal AND idem_key = :key AND expires_at <= :now")
                .param("principal", claim.principalId())
                .param("key", claim.key())
                .param("now", SqlTime.bind(now))
                .update();
    }

    /** Fails with a DuplicateKeyException when another create holds the key (committed or not). */
    void insert(IdempotencyClaim claim, UUID runId, Instant now, Instant expiresAt) {
        jdbc.sql("INSERT INTO idempotency_keys (principal_id, idem_key, request_hash, run_id, created_at, expires_at)"
                        + " VALUES (:principal, :key, :hash, :run, :now, :expires)")
                .param("principal", claim.principalId())
                .param("key", claim.key())
                .param("hash", claim.requestHash())
                .param("run", runId)
                .param("now", SqlTime.bind(now))
                .param("expires", SqlTime.bind(expiresAt))
                .update();
    }
}
