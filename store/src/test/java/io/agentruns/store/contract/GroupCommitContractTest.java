package io.agentruns.store.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentruns.store.Database;
import io.agentruns.store.tx.GroupCommit;
import io.agentruns.store.tx.InsertsAtCommit;
import io.agentruns.store.tx.OncePerTransaction;
import io.agentruns.store.tx.TransactionCache;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@link GroupCommit} against every database the store supports: units of many callers share
 * transactions, yet each caller sees the outcome it would have had alone.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class GroupCommitContractTest {
    private Database database;
    private JdbcClient jdbc;

    /** Opens a fresh, migrated database for this test class. */
    protected abstract Database openDatabase();

    /** Releases what {@link #openDatabase} created (after the database was closed). */
    protected void dropDatabase() {
    }

    @BeforeAll
    void open() {
        database = openDatabase();
        jdbc = database.jdbc();
        jdbc.sql("CREATE TABLE group_commit_units (id VARCHAR(64) PRIMARY KEY, caller INT NOT NULL)").update();
    }

    @BeforeEach
    void empty() {
        jdbc.sql("DELETE FROM group_commit_units").update();
    }

    @AfterAll
    void close() {
        try {
            if (database != null) {
                database.close();
            }
        } finally {
            dropDatabase();
        }
    }

    private String insert(String id, int caller) {
        jdbc.sql("INSERT INTO group_commit_units (id, caller) VALUES (:id, :caller)")
                .param("id", id)
                .param("caller", caller)
                .update();
        return id;
    }

    private long rows(String id) {
        return jdbc.sql("SELECT COUNT(*) FROM group_commit_units WHERE id = :id").param("id", id).query(Long.class).single();
    }

    @Test
    void everyAcknowledgedUnitOfManyConcurrentCallersIsCommittedExactlyOnce() throws Exception {
        GroupCommit commits = new GroupCommit(database.transactionManager(), 8, 2);
        int threads = 16;
        int perThread = 40;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<List<String>>> callers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int caller = t;
                callers.add(pool.submit(() -> {
                    start.await();
                    List<String> acknowledged = new ArrayList<>();
                    for (int i = 0; i < perThread; i++) {
                        String id = caller + "-" + i;
                        acknowledged.add(commits.execute(() -> insert(id, caller)));
                    }
                    return acknowledged;
                }));
            }
            start.countDown();
            List<String> acknowledged = new ArrayList<>();
            for (Future<List<String>> f : callers) {
                acknowledged.addAll(f.get(120, TimeUnit.SECONDS));
            }
            assertThat(acknowledged).hasSize(threads * perThread).doesNotHaveDuplicates();
            List<String> stored = jdbc.sql("SELECT id FROM group_commit_units").query(String.class).list();
            assertThat(stored).containsExactlyInAnyOrderElementsOf(acknowledged);
            GroupCommit.Stats stats = commits.stats();
            assertThat(stats.unitsCommitted()).isEqualTo(threads * perThread);
            assertThat(stats.unitsRetriedAlone()).isZero();
            assertThat(stats.largestBatch()).isBetween(1, 8);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * One leader holds the only stripe while five callers queue behind it, one of them doomed; the
     * five then run as one batch that rolls back, and each is run again alone.
     */
    @Test
    void aFailingUnitFailsOnlyItsCallerWithItsOwnException() throws Exception {
        GroupCommit commits = new GroupCommit(database.transactionManager(), 64, 1);
        insert("taken", 0);
        RuntimeException doomed = new IllegalStateException("unit 3 refuses");
        ExecutorService pool = Executors.newFixedThreadPool(6);
        CountDownLatch leaderInside = new CountDownLatch(1);
        CountDownLatch releaseLeader = new CountDownLatch(1);
        try {
            Future<String> leader = pool.submit(() -> commits.execute(() -> {
                leaderInside.countDown();
                await(releaseLeader);
                return insert("leader", 100);
            }));
            assertThat(leaderInside.await(30, TimeUnit.SECONDS)).isTrue();
            List<Future<String>> followers = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                int caller = i;
                followers.add(pool.submit(() -> commits.execute(() -> switch (caller) {
                    case 1 -> insert("taken", caller); // duplicate key
                    case 3 -> throw doomed;
                    default -> insert("follower-" + caller, caller);
                })));
            }
            waitUntilQueued(commits, 5);
            releaseLeader.countDown();

            assertThat(leader.get(60, TimeUnit.SECONDS)).isEqualTo("leader");
            for (int i : new int[] {0, 2, 4}) {
                assertThat(followers.get(i).get(60, TimeUnit.SECONDS)).isEqualTo("follower-" + i);
                assertThat(rows("follower-" + i)).isEqualTo(1);
            }
            assertThatThrownBy(() -> followers.get(1).get(60, TimeUnit.SECONDS))
                    .hasCauseInstanceOf(DuplicateKeyException.class);
            assertThatThrownBy(() -> followers.get(3).get(60, TimeUnit.SECONDS)).cause().isSameAs(doomed);
            assertThat(rows("leader")).isEqualTo(1);
            assertThat(rows("taken")).isEqualTo(1);
            GroupCommit.Stats stats = commits.stats();
            assertThat(stats.unitsRetriedAlone()).as("the batch of five rolled back, each ran again").isEqualTo(5);
            assertThat(stats.batches()).as("only the leader's batch committed as a batch").isEqualTo(1);
        } finally {
            releaseLeader.countDown();
            pool.shutdownNow();
        }
    }

    @Test
    void queuedUnitsShareOneTransaction() throws Exception {
        GroupCommit commits = new GroupCommit(database.transactionManager(), 64, 1);
        ExecutorService pool = Executors.newFixedThreadPool(5);
        CountDownLatch leaderInside = new CountDownLatch(1);
        CountDownLatch releaseLeader = new CountDownLatch(1);
        try {
            Future<String> leader = pool.submit(() -> commits.execute(() -> {
                leaderInside.countDown();
                await(releaseLeader);
                return insert("first", 0);
            }));
            assertThat(leaderInside.await(30, TimeUnit.SECONDS)).isTrue();
            List<Future<String>> followers = new ArrayList<>();
            for (int i = 1; i <= 4; i++) {
                int caller = i;
                followers.add(pool.submit(() -> commits.execute(() -> insert("queued-" + caller, caller))));
            }
            waitUntilQueued(commits, 4);
            releaseLeader.countDown();
            leader.get(60, TimeUnit.SECONDS);
            for (Future<String> f : followers) {
                f.get(60, TimeUnit.SECONDS);
            }
            assertThat(commits.stats()).isEqualTo(new GroupCommit.Stats(2, 5, 0, 4));
        } finally {
            releaseLeader.countDown();
            pool.shutdownNow();
        }
    }

    /** No timer: a caller that finds nothing running runs its unit at once, on its own thread. */
    @Test
    void aLoneCallerRunsItsUnitAtOnceAsABatchOfOne() {
        GroupCommit commits = new GroupCommit(database.transactionManager());
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        for (int i = 1; i <= 3; i++) {
            String id = "alone-" + i;
            String result = commits.execute(() -> {
                ranOn.set(Thread.currentThread());
                return insert(id, 0);
            });
            assertThat(result).isEqualTo(id);
            assertThat(ranOn.get()).isSameAs(Thread.currentThread());
            assertThat(commits.stats()).isEqualTo(new GroupCommit.Stats(i, i, 0, 1));
            assertThat(rows(id)).isEqualTo(1);
        }
        RuntimeException refused = new IllegalArgumentException("no");
        assertThatThrownBy(() -> commits.execute(() -> {
            insert("alone-rolled-back", 0);
            throw refused;
        })).isSameAs(refused);
        assertThat(rows("alone-rolled-back")).isZero();
        assertThat(commits.stats().unitsRetriedAlone()).as("a batch of one is not run twice").isZero();
    }

    @Test
    void insideATransactionTheUnitJoinsIt() {
        GroupCommit commits = new GroupCommit(database.transactionManager());
        assertThatThrownBy(() -> database.transactions().executeWithoutResult(status -> {
            commits.execute(() -> insert("joined", 0));
            throw new IllegalStateException("outer rolls back");
        })).hasMessage("outer rolls back");
        assertThat(rows("joined")).isZero();
        assertThat(commits.stats().batches()).isZero();
    }

    @Test
    void oncePerTransactionActionsRunOncePerKeyAtCommitAndNotAfterARollback() {
        java.util.concurrent.atomic.AtomicInteger published = new java.util.concurrent.atomic.AtomicInteger();
        database.transactions().executeWithoutResult(status -> {
            for (int i = 0; i < 3; i++) {
                OncePerTransaction.beforeCommit("row", () -> insert("before-commit", 0));
                OncePerTransaction.afterCommit("publish", published::incrementAndGet);
            }
            OncePerTransaction.afterCommit("other", published::incrementAndGet);
            assertThat(rows("before-commit")).as("deferred to the commit").isZero();
            assertThat(published).hasValue(0);
        });
        assertThat(rows("before-commit")).isEqualTo(1);
        assertThat(published).hasValue(2);

        assertThatThrownBy(() -> database.transactions().executeWithoutResult(status -> {
            OncePerTransaction.beforeCommit("row", () -> insert("rolled-back", 0));
            OncePerTransaction.afterCommit("publish", published::incrementAndGet);
            throw new IllegalStateException("rollback");
        })).hasMessage("rollback");
        assertThat(rows("rolled-back")).isZero();
        assertThat(published).hasValue(2);

        OncePerTransaction.afterCommit("publish", published::incrementAndGet);
        assertThat(published).as("no transaction: at once").hasValue(3);
    }

    @Test
    void aTransactionCacheLoadsOncePerKeyPerTransaction() {
        java.util.concurrent.atomic.AtomicInteger loads = new java.util.concurrent.atomic.AtomicInteger();
        TransactionCache<String, Long> counts = new TransactionCache<>(id -> {
            loads.incrementAndGet();
            return rows(id);
        });
        insert("cached", 0);
        database.transactions().executeWithoutResult(status -> {
            assertThat(counts.get("cached")).isEqualTo(1);
            assertThat(counts.get("cached")).isEqualTo(1);
            assertThat(counts.get("missing")).isZero();
        });
        assertThat(loads).hasValue(2);
        database.transactions().executeWithoutResult(status -> counts.get("cached"));
        assertThat(loads).as("a new transaction loads again").hasValue(3);
        counts.get("cached");
        counts.get("cached");
        assertThat(loads).as("no transaction: every call loads").hasValue(5);
    }

    @Test
    void insertsAtCommitAreWrittenInOneGoAtTheCommitAndNotAfterARollback() {
        InsertsAtCommit atCommit = new InsertsAtCommit(
                new org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate(database.dataSource()));
        String sql = "INSERT INTO group_commit_units (id, caller) VALUES (:id, :caller)";
        database.transactions().executeWithoutResult(status -> {
            for (int i = 0; i < 5; i++) {
                atCommit.add(sql, java.util.Map.of("id", "deferred-" + i, "caller", i));
            }
            assertThat(rows("deferred-0")).as("not before the commit").isZero();
        });
        for (int i = 0; i < 5; i++) {
            assertThat(rows("deferred-" + i)).isEqualTo(1);
        }
        assertThatThrownBy(() -> database.transactions().executeWithoutResult(status -> {
            atCommit.add(sql, java.util.Map.of("id", "deferred-rolled-back", "caller", 0));
            throw new IllegalStateException("rollback");
        })).hasMessage("rollback");
        assertThat(rows("deferred-rolled-back")).isZero();
        assertThatThrownBy(() -> database.transactions().executeWithoutResult(status -> {
            insert("kept-only-with-its-batch", 0);
            atCommit.add(sql, java.util.Map.of("id", "deferred-0", "caller", 0)); // duplicate key at the commit
        })).isInstanceOf(DuplicateKeyException.class);
        assertThat(rows("kept-only-with-its-batch")).as("a failing deferred row rolls its transaction back").isZero();
        atCommit.add(sql, java.util.Map.of("id", "no-transaction", "caller", 0));
        assertThat(rows("no-transaction")).as("no transaction: at once").isEqualTo(1);
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void waitUntilQueued(GroupCommit commits, int units) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (commits.queued() < units) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("only " + commits.queued() + " of " + units + " units queued");
            }
            Thread.sleep(5);
        }
    }
}
