package io.agentruns.core.run;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * Every allowed state change, in one table. Anything not listed is refused.
 * Guarded by {@code RunTransitionsTest}, which checks every pair.
 */
public final class RunTransitions {
    private static final Map<RunState, Set<RunState>> ALLOWED = new EnumMap<>(RunState.class);

    static {
        // A worker claims a queued run; cancel ends a queued run before it starts.
        ALLOWED.put(RunState.QUEUED, EnumSet.of(RunState.INPROGRESS, RunState.CANCELLED));
        // INPROGRESS -> QUEUED only releases a claim whose harness never started (no side effects yet).
        ALLOWED.put(RunState.INPROGRESS,
                EnumSet.of(RunState.SUCCEEDED, RunState.FAILED, RunState.CANCELLED, RunState.QUEUED));
        ALLOWED.put(RunState.SUCCEEDED, EnumSet.noneOf(RunState.class));
        ALLOWED.put(RunState.FAILED, EnumSet.noneOf(RunState.class));
        ALLOWED.put(RunState.CANCELLED, EnumSet.noneOf(RunState.class));
    }

    private RunTransitions() {
    }

    public static boolean isAllowed(RunState from, RunState to) {
        return ALLOWED.get(from).contains(to);
    }

    /** The states a run in {@code to} may have come from; used to guard state updates in SQL. */
    public static Set<RunState> sourcesOf(RunState to) {
        Set<RunState> sources = EnumSet.noneOf(RunState.class);
        ALLOWED.forEach((from, targets) -> {
            if (targets.contains(to)) {
                sources.add(from);
            }
        });
        return sources;
    }

    public static void check(RunState from, RunState to) {
        if (!isAllowed(from, to)) {
            throw new IllegalStateTransitionException(from, to);
        }
    }

    /** Raised when code asks for a move the table does not allow. */
    public static final class IllegalStateTransitionException extends IllegalStateException {
        public IllegalStateTransitionException(RunState from, RunState to) {
            super("run cannot move from " + from + " to " + to);
        }
    }
}
