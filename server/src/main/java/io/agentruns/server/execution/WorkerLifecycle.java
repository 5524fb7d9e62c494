package io.agentruns.server.execution;

import io.agentruns.core.engine.Worker;
import org.springframework.context.SmartLifecycle;

/**
 * Starts the worker once the context is up and stops it gracefully on shutdown (SIGTERM): stop
 * claiming, drain, release. Its phase is high, so it stops before the web server and the database.
 */
final class WorkerLifecycle implements SmartLifecycle {
    private final Worker worker;

    WorkerLifecycle(Worker worker) {
        this.worker = worker;
    }

    @Override
    public void start() {
        worker.start();
    }

    @Override
    public void stop() {
        worker.stop();
    }

    @Override
    public void stop(Runnable callback) {
        // The drain can take long; run it off the shutdown thread so other beans in this phase proceed.
        Thread.ofPlatform().name("agentruns-worker-stop").start(() -> {
            try {
                worker.stop();
            } finally {
                callback.run();
            }
        });
    }

    @Override
    public boolean isRunning() {
        return worker.isRunning();
    }

    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 1000;
    }
}
