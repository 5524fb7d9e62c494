package io.agentruns.store.identity;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.core.identity.ApiKeyRecord;
import io.agentruns.core.identity.ApiKeySecret;
import io.agentruns.core.identity.NewApiKey;
import io.agentruns.core.identity.Principal;
import io.agentruns.core.identity.PrincipalType;
import io.agentruns.core.identity.Scope;
import io.agentruns.core.identity.Team;
import io.agentruns.store.Database;
import io.agentruns.store.DatabaseSettings;
import io.agentruns.store.Store;
import io.agentruns.store.testing.H2TestDatabase;
import io.agentruns.store.testing.PostgresTestDatabase;
import io.agentruns.store.testing.TestClock;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The API-key cache never lets a revoked key through: on the node that revoked at once, on another
 * node (PostgreSQL NOTIFY) as soon as the notification arrives -- with a clock that never moves, so
 * the cache's TTL cannot be what removes the key.
 */
class ApiKeyCacheTest {

    @Test
    void aKeyRevokedOnThisNodeIsRefusedAtOnceOnH2() throws Exception {
        try (H2TestDatabase h2 = H2TestDatabase.create(); Database db = Database.open(h2.settings())) {
            revokedOnThisNodeIsRefusedAtOnce(new Store(db, TestClock.startingNow()));
        }
    }

    @Test
    void aKeyRevokedOnThisNodeIsRefusedAtOnceOnPostgres() {
        try (PostgresTestDatabase pg = PostgresTestDatabase.create();
             Database db = Database.open(DatabaseSettings.of(pg.jdbcUrl()))) {
            revokedOnThisNodeIsRefusedAtOnce(new Store(db, TestClock.startingNow()));
        }
    }

    @Test
    void aKeyRevokedOnAnotherNodeIsRefusedOnceTheNotificationArrives() throws Exception {
        try (PostgresTestDatabase pg = PostgresTestDatabase.create();
             Database dbA = Database.open(DatabaseSettings.of(pg.jdbcUrl()));
             Database dbB = Database.open(DatabaseSettings.of(pg.jdbcUrl()))) {
            TestClock clock = TestClock.startingNow();
            Store nodeA = new Store(dbA, clock);
            Store nodeB = new Store(dbB, clock);
            ApiKeyRevocationListener listener = new ApiKeyRevocationListener(dbB.dataSource(), nodeB.apiKeyCache());
            listener.start();
            try {
                Team team = nodeA.identities().createTeam("keys-" + UUID.randomUUID());
                Principal user = nodeA.identities().createPrincipal(team.id(), PrincipalType.USER, "u", null);
                // A first revocation proves B's listener is in place (its connect clears the cache).
                awaitRefusedOnB(nodeA, nodeB, team, user);
                awaitRefusedOnB(nodeA, nodeB, team, user);
            } finally {
                listener.stop();
            }
        }
    }

    /** Caches a fresh key on B, revokes it on A and waits (up to 30 s) until B refuses it. */
    private static void awaitRefusedOnB(Store nodeA, Store nodeB, Team team, Principal user) throws InterruptedException {
        ApiKeySecret secret = ApiKeySecret.generate();
        ApiKeyRecord key = newKey(nodeA, team, user, secret);
        assertThat(nodeB.identities().findActiveKeyByHash(secret.hash())).isPresent();
        assertThat(nodeB.apiKeyCache().size()).isPositive();
        assertThat(nodeA.identities().revokeKey(team.id(), key.id())).isTrue();
        for (int i = 0; i < 300 && nodeB.identities().findActiveKeyByHash(secret.hash()).isPresent(); i++) {
            Thread.sleep(100);
        }
        assertThat(nodeB.identities().findActiveKeyByHash(secret.hash())).as("revoked on node A").isEmpty();
    }

    private static void revokedOnThisNodeIsRefusedAtOnce(Store store) {
        Team team = store.identities().createTeam("keys-" + UUID.randomUUID());
        Principal user = store.identities().createPrincipal(team.id(), PrincipalType.USER, "u", null);
        ApiKeySecret secret = ApiKeySecret.generate();
        ApiKeyRecord key = newKey(store, team, user, secret);
        Optional<?> first = store.identities().findActiveKeyByHash(secret.hash());
        assertThat(first).isPresent();
        assertThat(store.identities().findActiveKeyByHash(secret.hash())).as("served from the cache").isPresent();
        assertThat(store.apiKeyCache().size()).isEqualTo(1);

        assertThat(store.identities().revokeKey(team.id(), key.id())).isTrue();
        assertThat(store.identities().findActiveKeyByHash(secret.hash())).as("refused at once").isEmpty();
        assertThat(store.identities().findActiveKeyByHash(ApiKeySecret.generate().hash())).isEmpty();
        assertThat(store.apiKeyCache().size()).as("unknown and revoked keys are not cached").isZero();
    }

    private static ApiKeyRecord newKey(Store store, Team team, Principal user, ApiKeySecret secret) {
        return store.identities().createKey(new NewApiKey(team.id(), user.id(), "key", Set.of(Scope.RUNS_READ),
                null, secret.prefix(), secret.hash()));
    }
}
