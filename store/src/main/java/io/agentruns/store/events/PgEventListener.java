package io.agentruns.store.events;

import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * LISTENs on {@value #CHANNEL} (NOTIFYed by the run_events trigger of {@code V31__event_wakeups}
 * at commit, from whichever process wrote the event) and publishes on {@link EventWakeupBus}.
 * Explicitly started and stopped; one dedicated connection; reconnects after a failure.
 */
public final class PgEventListener {
    public static final String CHANNEL = "agentruns_events";
    private static final System.Logger LOG = System.getLogger(PgEventListener.class.getName());
    private static final int POLL_MILLIS = 500;

    private final DataSource dataSource;
    private volatile boolean running;
    private Thread thread;

    public PgEventListener(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public synchronized void start() {
        if (thread != null) {
            return;
        }
        running = true;
        thread = Thread.ofPlatform().daemon().name("agentruns-pg-events").start(this::listen);
    }

    public void stop() {
        Thread t;
        synchronized (this) {
            t = thread;
            thread = null;
        }
        running = false;
        if (t != null) {
            try {
                t.join(2L * POLL_MILLIS + 1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void listen() {
        while (running) {
            try (Connection connection = dataSource.getConnection()) {
                connection.setAutoCommit(true);
                try (Statement s = connection.createStatement()) {
                    s.execute("LISTEN " + CHANNEL);
                }
                PGConnection pg = connection.unwrap(PGConnection.class);
                while (running) {
                    PGNotification[] notifications = pg.getNotifications(POLL_MILLIS);
                    if (notifications == null) {
                        continue;
                    }
                    for (PGNotification n : notifications) {
                        try {
                            EventWakeupBus.publish(UUID.fromString(n.getParameter()));
                        } catch (IllegalArgumentException ignored) {
                            // not ours; streams poll anyway
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (!running) {
                    return;
                }
                LOG.log(Level.WARNING, "LISTEN " + CHANNEL + " failed; reconnecting in 1 s: " + e.getMessage());
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException ie) {
                    return;
                }
            }
        }
    }
}
