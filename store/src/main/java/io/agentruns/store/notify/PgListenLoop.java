package io.agentruns.store.notify;

import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * PostgreSQL LISTEN on a dedicated connection, polled with {@code getNotifications(timeout)} on one
 * platform thread, reconnecting after a failure. Explicitly started and stopped. Lost notifications
 * only cost latency: every user of this loop also polls the database slowly.
 */
public final class PgListenLoop {
    private static final System.Logger LOG = System.getLogger(PgListenLoop.class.getName());
    private static final int POLL_MILLIS = 500;
    private static final long RECONNECT_MILLIS = 1000;

    /** Receives the notifications of the loop's channels. */
    public interface Handler {
        /** Called on every (re)connection, once LISTEN is in place: anything missed meanwhile is found now. */
        void connected();

        void notified(String channel, String payload);
    }

    private final DataSource dataSource;
    private final List<String> channels;
    private final String threadName;
    private volatile boolean running;
    private Thread thread;

    /** {@code channels} are fixed identifiers chosen by code, never user input (they go into LISTEN as is). */
    public PgListenLoop(DataSource dataSource, String threadName, List<String> channels) {
        this.dataSource = dataSource;
        this.threadName = threadName;
        this.channels = List.copyOf(channels);
    }

    public synchronized void start(Handler handler) {
        if (thread != null) {
            throw new IllegalStateException(threadName + " is already listening");
        }
        running = true;
        thread = Thread.ofPlatform().daemon().name(threadName).start(() -> listen(handler));
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
                t.join(2L * POLL_MILLIS + RECONNECT_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void listen(Handler handler) {
        while (running) {
            try (Connection connection = dataSource.getConnection()) {
                connection.setAutoCommit(true);
                try (Statement s = connection.createStatement()) {
                    for (String channel : channels) {
                        s.execute("LISTEN " + channel);
                    }
                }
                handler.connected();
                PGConnection pg = connection.unwrap(PGConnection.class);
                while (running) {
                    PGNotification[] notifications = pg.getNotifications(POLL_MILLIS);
                    if (notifications != null) {
                        for (PGNotification n : notifications) {
                            handler.notified(n.getName(), n.getParameter());
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (!running) {
                    return;
                }
                LOG.log(Level.WARNING, "LISTEN " + channels + " failed; reconnecting: " + e.getMessage());
                try {
                    Thread.sleep(RECONNECT_MILLIS);
                } catch (InterruptedException ie) {
                    return;
                }
            }
        }
    }
}
