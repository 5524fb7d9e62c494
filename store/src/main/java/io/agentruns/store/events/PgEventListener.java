package io.agentruns.store.events;

import io.agentruns.store.notify.PgListenLoop;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * LISTENs on {@value #CHANNEL} (NOTIFYed by the run_events trigger of {@code V31__event_wakeups}
 * at commit, from whichever process wrote the event) and publishes on {@link EventWakeupBus}.
 * Explicitly started and stopped.
 */
public final class PgEventListener {
    public static final String CHANNEL = "agentruns_events";

    private final PgListenLoop loop;

    public PgEventListener(DataSource dataSource) {
        this.loop = new PgListenLoop(dataSource, "agentruns-pg-events", List.of(CHANNEL));
    }

    public void start() {
        loop.start(new PgListenLoop.Handler() {
            @Override
            public void connected() {
                // Streams re-read the log on their own poll; nothing to catch up here.
            }

            @Override
            public void notified(String channel, String payload) {
                try {
                    EventWakeupBus.publish(UUID.fromString(payload));
                } catch (IllegalArgumentException ignored) {
                    // not ours; streams poll anyway
                }
            }
        });
    }

    public void stop() {
        loop.stop();
    }
}
