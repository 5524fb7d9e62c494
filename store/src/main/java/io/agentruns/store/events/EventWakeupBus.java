package io.agentruns.store.events;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * "New events of run X were committed", within this JVM. Fed by the H2 trigger of
 * {@code V31__event_wakeups} (after commit) and by {@link PgEventListener} (PostgreSQL NOTIFY from
 * any process); read by the event streams. One per JVM because H2 instantiates triggers itself;
 * with several databases in one JVM (tests) a signal may reach a stream of another database, which
 * only costs it one read of its log. Signals are hints: streams poll as a fallback.
 */
public final class EventWakeupBus {
    private static final List<Consumer<UUID>> LISTENERS = new CopyOnWriteArrayList<>();

    private EventWakeupBus() {
    }

    /** Registers a listener; closing the returned handle removes it. Listeners must return quickly. */
    public static AutoCloseable subscribe(Consumer<UUID> listener) {
        LISTENERS.add(listener);
        return () -> LISTENERS.remove(listener);
    }

    public static void publish(UUID runId) {
        for (Consumer<UUID> l : LISTENERS) {
            l.accept(runId);
        }
    }
}
