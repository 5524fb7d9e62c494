package io.agentruns.store.identity;

import io.agentruns.store.notify.PgListenLoop;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * LISTENs on {@value #CHANNEL}, which {@link JdbcIdentityRepository#revokeKey} NOTIFYs (PostgreSQL,
 * in the revoking statement's transaction) with the key's id, and drops that key from this node's
 * {@link ApiKeyCache}: a key revoked on another node is refused here within a notification's delay.
 * On every (re)connection the whole cache is cleared, since notifications may have been missed.
 * Explicitly started and stopped.
 */
public final class ApiKeyRevocationListener {
    public static final String CHANNEL = "agentruns_keys";

    private final PgListenLoop loop;
    private final ApiKeyCache cache;

    public ApiKeyRevocationListener(DataSource dataSource, ApiKeyCache cache) {
        this.loop = new PgListenLoop(dataSource, "agentruns-pg-keys", List.of(CHANNEL));
        this.cache = cache;
    }

    public void start() {
        loop.start(new PgListenLoop.Handler() {
            @Override
            public void connected() {
                cache.clear();
            }

            @Override
            public void notified(String channel, String payload) {
                try {
                    cache.invalidateKey(UUID.fromString(payload));
                } catch (IllegalArgumentException e) {
                    cache.clear(); // not a key id: forget everything rather than guess
                }
            }
        });
    }

    public void stop() {
        loop.stop();
    }
}
