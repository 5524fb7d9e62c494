package io.agentruns.store.tx;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Application-level group commit: concurrent callers' units of work share one transaction and one
 * commit. On PostgreSQL every transaction that NOTIFYs commits one at a time (a global lock held
 * through the WAL flush), so N units in one transaction cost one such commit instead of N.
 *
 * <p>Flat combining, no timers: a caller queues its unit, and if no more than {@code stripes}
 * batches are running it becomes a leader at once, takes up to {@code maxBatch} queued units
 * (its own included) and runs them in one transaction on its own thread; the others wait and are
 * completed by the leader after the commit. A lone caller therefore runs its unit at once, on its
 * own thread, as a batch of one. Units queue only while earlier batches are running.
 *
 * <p>Outcomes are the same as if every unit had its own transaction: a caller returns only after
 * its unit committed (invariant 1). When a unit of a batch throws, or the batch is otherwise rolled
 * back, nothing of the batch is kept and every unit is run again alone, in its own transaction on
 * its caller's thread, so one bad unit (an idempotency-key duplicate, say) fails only its own caller,
 * with its own exception. When the commit's outcome is unknown (the connection broke during COMMIT),
 * every caller of the batch gets that exception, as each would have alone.
 *
 * <p>Units run on the leader's thread inside its transaction: they must do their work through the
 * transaction-bound connection (JdbcClient / DataSourceUtils), may register transaction
 * synchronizations (those run at the batch's commit), must not depend on the caller's thread-locals,
 * must not mark the transaction rollback-only or swallow SQL errors, and must be safe to run again
 * (they can be retried alone after a rolled-back batch). A call made inside an existing transaction
 * simply runs the unit in that transaction.
 */
public final class GroupCommit {
    private static final System.Logger LOG = System.getLogger(GroupCommit.class.getName());

    /** Units per transaction at most; bounds the work redone when a batch is rolled back. */
    public static final int DEFAULT_MAX_BATCH = 64;
    /** Batches in flight at once, so that one batch's statements overlap another's commit. */
    public static final int DEFAULT_STRIPES = 2;

    private final TransactionTemplate tx;
    private final int maxBatch;
    private final Semaphore leaders;
    private final ConcurrentLinkedQueue<Unit<?>> queue = new ConcurrentLinkedQueue<>();
    private final LongAdder batches = new LongAdder();
    private final LongAdder unitsCommitted = new LongAdder();
    private final LongAdder unitsRetriedAlone = new LongAdder();
    private final AtomicInteger largestBatch = new AtomicInteger();

    public GroupCommit(PlatformTransactionManager transactionManager) {
        this(transactionManager, DEFAULT_MAX_BATCH, DEFAULT_STRIPES);
    }

    public GroupCommit(PlatformTransactionManager transactionManager, int maxBatch, int stripes) {
        if (maxBatch < 1 || stripes < 1) {
            throw new IllegalArgumentException("maxBatch and stripes must be >= 1");
        }
        this.tx = new TransactionTemplate(transactionManager);
        this.maxBatch = maxBatch;
        this.leaders = new Semaphore(stripes);
    }

    /** Counters since start: committed batches and units, units re-run alone, the largest batch. */
    public record Stats(long batches, long unitsCommitted, long unitsRetriedAlone, int largestBatch) {
    }

    public Stats stats() {
        return new Stats(batches.sum(), unitsCommitted.sum(), unitsRetriedAlone.sum(), largestBatch.get());
    }

    /** Units waiting for a leader right now (for monitoring and tests; counts the queue). */
    public int queued() {
        return queue.size();
    }

    /**
     * Runs {@code work} in a transaction shared with other callers' units and returns its result
     * once that transaction committed; throws what {@code work} threw (run alone) otherwise.
     */
    public <T> T execute(Supplier<T> work) {
        if (TransactionSynchronizationManager.isActualTransactionActive()) {
            return work.get(); // joins the caller's transaction
        }
        Unit<T> unit = new Unit<>(work, Thread.currentThread());
        queue.add(unit);
        boolean interrupted = false;
        try {
            while (true) {
                int state = unit.state;
                if (state == Unit.DONE) {
                    return unit.outcome();
                }
                if (state == Unit.ALONE) {
                    unitsRetriedAlone.increment();
                    return tx.execute(status -> work.get());
                }
                if (state == Unit.QUEUED && leaders.tryAcquire()) {
                    try {
                        lead();
                    } finally {
                        leaders.release();
                    }
                    handOff();
                    continue;
                }
                LockSupport.park(this);
                // The unit may be in a transaction already: it cannot be abandoned, so keep waiting.
                interrupted |= Thread.interrupted();
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Wakes the oldest waiting caller so that it leads the units queued meanwhile. */
    private void handOff() {
        Unit<?> next = queue.peek();
        if (next != null) {
            LockSupport.unpark(next.owner);
        }
    }

    private void lead() {
        List<Unit<?>> batch = new ArrayList<>(Math.min(maxBatch, 16));
        Unit<?> next;
        while (batch.size() < maxBatch && (next = queue.poll()) != null) {
            next.state = Unit.TAKEN;
            batch.add(next);
        }
        if (batch.isEmpty()) {
            return;
        }
        CompletionWatch watch = new CompletionWatch();
        try {
            tx.executeWithoutResult(status -> {
                TransactionSynchronizationManager.registerSynchronization(watch);
                for (Unit<?> unit : batch) {
                    unit.runInBatch();
                }
            });
        } catch (RuntimeException | Error e) {
            if (watch.status == TransactionSynchronization.STATUS_COMMITTED) {
                // Committed, then a synchronization failed after the commit: the units are durable.
                LOG.log(System.Logger.Level.WARNING, "after-commit callback failed; the batch of " + batch.size()
                        + " units is committed", e);
            } else if (batch.size() == 1) {
                batch.getFirst().fail(e); // it ran alone already: its own outcome
                return;
            } else if (watch.status == TransactionSynchronization.STATUS_ROLLED_BACK) {
                batch.forEach(Unit::retryAlone);
                return;
            } else {
                batch.forEach(unit -> unit.fail(e)); // the commit's outcome is unknown
                return;
            }
        }
        batches.increment();
        unitsCommitted.add(batch.size());
        largestBatch.accumulateAndGet(batch.size(), Math::max);
        batch.forEach(Unit::succeed);
    }

    /** Records how the batch's transaction ended (STATUS_UNKNOWN until it did). */
    private static final class CompletionWatch implements TransactionSynchronization {
        volatile int status = STATUS_UNKNOWN;

        @Override
        public void afterCompletion(int status) {
            this.status = status;
        }
    }

    /** One caller's work and, once its batch ended, its outcome. */
    private static final class Unit<T> {
        static final int QUEUED = 0;
        static final int TAKEN = 1;
        static final int DONE = 2;
        static final int ALONE = 3;

        final Supplier<T> work;
        final Thread owner;
        volatile int state = QUEUED;
        private T result;
        private Throwable failure;

        Unit(Supplier<T> work, Thread owner) {
            this.work = work;
            this.owner = owner;
        }

        void runInBatch() {
            result = work.get();
        }

        void succeed() {
            finish(DONE);
        }

        void fail(Throwable e) {
            result = null;
            failure = e;
            finish(DONE);
        }

        void retryAlone() {
            result = null;
            finish(ALONE);
        }

        private void finish(int outcome) {
            state = outcome; // volatile write publishes result and failure to the owner
            LockSupport.unpark(owner);
        }

        T outcome() {
            if (failure instanceof RuntimeException e) {
                throw e;
            }
            if (failure instanceof Error e) {
                throw e;
            }
            return result;
        }
    }
}
