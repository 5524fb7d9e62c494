package io.agentruns.server.execution;

import io.agentruns.core.engine.Reaper;
import org.springframework.context.SmartLifecycle;

/** Starts the reaper loop with the context and stops it on shutdown (before the database closes). */
final class ReaperLifecycle implements SmartLifecycle {
    private final Reaper reaper;

    ReaperLifecycle(Reaper reaper) {
        this.reaper = reaper;
    }

    @Override
    public void start() {
        reaper.start();
    }

    @Override
    public void stop() {
        reaper.stop();
    }

    @Override
    public boolean isRunning() {
        return reaper.isRunning();
    }

    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 1000;
    }
}
