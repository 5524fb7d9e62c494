package io.agentruns.core.engine;

import java.lang.System.Logger.Level;

/**
 * Finalises runs whose worker stopped heartbeating (invariant 3, guarded by ReaperTest and the
 * crash test). Any number of reapers may run: each move is guarded by state and version.
 */
public final class Reaper {
    private static final System.Logger LOG = System.getLogger(Reaper.class.getName());
    private static final int BATCH = 100;

    private final RunQueue queue;

    public Reaper(RunQueue queue) {
        this.queue = queue;
    }

    /** Reaps until no expired lease is left; returns how many runs moved. */
    public int reapOnce() {
        int total = 0;
        int moved;
        do {
            moved = queue.reapExpired(BATCH);
            total += moved;
        } while (moved == BATCH);
        if (total > 0) {
            LOG.log(Level.INFO, "reaper finalised " + total + " run(s) whose worker was lost");
        }
        return total;
    }
}
