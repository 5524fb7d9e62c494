package io.agentruns.core.engine;

import io.agentruns.core.harness.CancellationToken;
import java.util.ArrayList;
import java.util.List;

/** The engine's side of a run's {@link CancellationToken}: {@link #cancel()} fires each action once. */
public final class CancellationSignal implements CancellationToken {
    private final List<Runnable> actions = new ArrayList<>();
    private boolean cancelled;

    @Override
    public synchronized boolean isCancelled() {
        return cancelled;
    }

    @Override
    public void onCancel(Runnable action) {
        synchronized (this) {
            if (!cancelled) {
                actions.add(action);
                return;
            }
        }
        action.run();
    }

    /** Signals cancellation; returns false when it had been signalled already. */
    public boolean cancel() {
        List<Runnable> toRun;
        synchronized (this) {
            if (cancelled) {
                return false;
            }
            cancelled = true;
            toRun = List.copyOf(actions);
            actions.clear();
        }
        for (Runnable action : toRun) {
            try {
                action.run();
            } catch (RuntimeException ignored) {
                // One failing action must not keep the others from stopping their part of the run.
            }
        }
        return true;
    }
}
