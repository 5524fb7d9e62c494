package io.agentruns.server.pages;

import io.agentruns.core.engine.Lease;
import io.agentruns.core.event.EventType;
import io.agentruns.core.harness.RunOutcome;
import io.agentruns.core.outbox.OutboxWriter;
import io.agentruns.core.run.Ids;
import io.agentruns.core.run.Usage;
import io.agentruns.store.Database;
import io.agentruns.store.DatabaseSettings;
import io.agentruns.store.Store;
import io.agentruns.store.queue.JdbcEventLog;
import io.agentruns.store.queue.JdbcRunQueue;
import io.agentruns.store.queue.PgRunNotifier;
import io.agentruns.store.queue.RunQueueSettings;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A worker in a process of its own (started by CrossProcessStreamTest): claims the run routed to
 * {@code host} on the PostgreSQL database at {@code jdbcUrl}, writes {@code count} events with
 * pauses and finishes it SUCCEEDED, through the store's real queue and event log.
 * Arguments: jdbcUrl host count.
 */
public final class ExternalWorkerProcess {
    private ExternalWorkerProcess() {
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        String host = args[1];
        int count = Integer.parseInt(args[2]);
        Clock clock = Clock.systemUTC();
        try (Database db = Database.open(DatabaseSettings.of(url))) {
            PgRunNotifier notifier = new PgRunNotifier(db.jdbc());
            Store store = new Store(db, clock, notifier, OutboxWriter.NONE);
            JdbcRunQueue queue = new JdbcRunQueue(db, store.stateWriter(), notifier,
                    new RunQueueSettings(Duration.ofSeconds(120), 0), clock);
            JdbcEventLog log = new JdbcEventLog(db, clock);
            Optional<Lease> lease = Optional.empty();
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (lease.isEmpty() && System.nanoTime() < deadline) {
                lease = queue.claim("external-worker-" + ProcessHandle.current().pid(), host);
                if (lease.isEmpty()) {
                    Thread.sleep(50);
                }
            }
            Lease l = lease.orElseThrow(() -> new IllegalStateException("no run for host " + host));
            queue.markStarted(l, Ids.capability());
            for (int i = 1; i <= count; i++) {
                Thread.sleep(150);
                log.append(l, EventType.MODEL_MESSAGE, Map.of("role", "assistant", "text", "from another process " + i));
            }
            Thread.sleep(150);
            queue.finish(l, new RunOutcome.Succeeded("done in pid " + ProcessHandle.current().pid(), Usage.NONE, List.of()));
            System.out.println("FINISHED " + l.runId());
        }
    }
}
