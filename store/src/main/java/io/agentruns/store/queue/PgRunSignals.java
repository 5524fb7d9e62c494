package io.agentruns.store.queue;

import io.agentruns.core.engine.RunSignals;
import io.agentruns.store.notify.PgListenLoop;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * Worker wake-ups across processes: LISTENs on the channels {@link PgRunNotifier} NOTIFYs at commit.
 * Lost notifications only cost latency: the worker's slow poll and the heartbeat find the same work.
 */
public final class PgRunSignals implements RunSignals {
    private final PgListenLoop loop;

    public PgRunSignals(DataSource dataSource) {
        this.loop = new PgListenLoop(dataSource, "agentruns-pg-listen",
                List.of(PgRunNotifier.QUEUE_CHANNEL, PgRunNotifier.CANCEL_CHANNEL));
    }

    @Override
    public Subscription subscribe(Listener listener) {
        loop.start(new PgListenLoop.Handler() {
            @Override
            public void connected() {
                // Anything queued while we were not listening is found by this first wake-up's claim.
                listener.runQueued();
            }

            @Override
            public void notified(String channel, String payload) {
                dispatch(listener, channel, payload);
            }
        });
        return loop::stop;
    }

    private static void dispatch(Listener listener, String channel, String payload) {
        if (PgRunNotifier.QUEUE_CHANNEL.equals(channel)) {
            listener.runQueued();
        } else if (PgRunNotifier.CANCEL_CHANNEL.equals(channel)) {
            try {
                listener.cancelRequested(UUID.fromString(payload));
            } catch (IllegalArgumentException ignored) {
                // Not one of ours; the heartbeat still sees any real cancel.
            }
        }
    }
}
