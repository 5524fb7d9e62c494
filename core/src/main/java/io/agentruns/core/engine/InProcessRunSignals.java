package io.agentruns.core.engine;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Signals within one JVM (the H2 setup, where API and worker share a process). The store publishes
 * after its transaction commits; listeners are called on the publishing thread.
 */
public final class InProcessRunSignals implements RunSignals {
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();

    @Override
    public Subscription subscribe(Listener listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    public void publishQueued() {
        listeners.forEach(Listener::runQueued);
    }

    public void publishCancel(UUID runId) {
        listeners.forEach(l -> l.cancelRequested(runId));
    }
}
