package io.agentruns.agent.testing;

import io.agentruns.core.harness.CancellationToken;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A cancellation token a test can trigger. */
public final class TestCancellation implements CancellationToken {
    private volatile boolean cancelled;
    private final List<Runnable> actions = new CopyOnWriteArrayList<>();

    @Override
    public boolean isCancelled() {
        return cancelled;
    }

    @Override
    public synchronized void onCancel(Runnable action) {
        if (cancelled) {
            action.run();
        } else {
            actions.add(action);
        }
    }

    public synchronized void cancel() {
        cancelled = true;
        actions.forEach(Runnable::run);
    }
}
