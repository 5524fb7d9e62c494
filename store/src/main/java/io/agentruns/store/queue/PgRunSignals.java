package io.agentruns.store.queue;

import io.agentruns.core.engine.RunSignals;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * LISTEN on a dedicated connection, polled with {@code PGConnection.getNotifications(timeout)} on
 * one thread; reconnects after a failure. Lost notifications only cost latency: the worker's slow
 * poll and the heartbeat find the same work.
 */
public final class PgRunSignals implements RunSignals {
    private static final System.Logger LOG = System.getLogger(PgRunSignals.class.getName());
    private static final int POLL_MILLIS = 500;

    private final DataSource dataSource;
    private volatile boolean running;
    private Thread listenerThread;

    public PgRunSignals(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public synchronized Subscription subscribe(Listener listener) {
        if (listenerThread != null) {
            throw new IllegalStateException("PgRunSignals delivers to one listener; create one per worker");
        }
        running = true;
        listenerThread = Thread.ofPlatform().daemon().name("agentruns-pg-listen").start(() -> listen(listener));
        return this::stop;
    }

    private void listen(Listener listener) {
        while (running) {
            try (Connection connection = dataSource.getConnection()) {
                connection.setAutoCommit(true);
                try (Statement s = connection.createStatement()) {
                    s.execute("LISTEN " + PgRunNotifier.QUEUE_CHANNEL);
                    s.execute("LISTEN " + PgRunNotifier.CANCEL_CHANNEL);
                }
                // Anything queued while we were not listening is found by this first wake-up's claim.
                listener.runQueued();
                PGConnection pg = connection.unwrap(PGConnection.class);
                while (running) {
                    PGNotification[] notifications = pg.getNotifications(POLL_MILLIS);
                    if (notifications == null) {
                        continue;
                    }
                    for (PGNotification n : notifications) {
                        dispatch(listener, n);
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (!running) {
                    return;
                }
                LOG.log(Level.WARNING, "LISTEN connection failed; reconnecting in 1 s: " + e.getMessage());
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException ie) {
                    return;
                }
            }
        }
    }

    private static void dispatch(Listener listener, PGNotification n) {
        if (PgRunNotifier.QUEUE_CHANNEL.equals(n.getName())) {
            listener.runQueued();
        } else if (PgRunNotifier.CANCEL_CHANNEL.equals(n.getName())) {
            try {
                listener.cancelRequested(UUID.fromString(n.getParameter()));
            } catch (IllegalArgumentException ignored) {
                // Not one of ours; the heartbeat still sees any real cancel.
            }
        }
    }

    private void stop() {
        Thread t;
        synchronized (this) {
            t = listenerThread;
            listenerThread = null;
        }
        running = false;
        if (t != null) {
            try {
                t.join(2 * POLL_MILLIS + 1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
