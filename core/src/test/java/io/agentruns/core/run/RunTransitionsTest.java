package io.agentruns.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;

class RunTransitionsTest {

    private static final Set<String> EXPECTED = Set.of(
            "QUEUED->INPROGRESS", "QUEUED->CANCELLED",
            "INPROGRESS->SUCCEEDED", "INPROGRESS->FAILED", "INPROGRESS->CANCELLED", "INPROGRESS->QUEUED");

    @Test
    void everyPairIsAllowedExactlyWhenListed() {
        for (RunState from : RunState.values()) {
            for (RunState to : RunState.values()) {
                boolean expected = EXPECTED.contains(from + "->" + to);
                assertThat(RunTransitions.isAllowed(from, to)).as(from + "->" + to).isEqualTo(expected);
                if (!expected) {
                    assertThatThrownBy(() -> RunTransitions.check(from, to))
                            .isInstanceOf(RunTransitions.IllegalStateTransitionException.class);
                }
            }
        }
    }

    @Test
    void finalStatesHaveNoWayOut() {
        for (RunState from : RunState.values()) {
            if (from.isFinal()) {
                for (RunState to : RunState.values()) {
                    assertThat(RunTransitions.isAllowed(from, to)).isFalse();
                }
            }
        }
        assertThat(RunTransitions.sourcesOf(RunState.CANCELLED)).containsExactlyInAnyOrder(RunState.QUEUED, RunState.INPROGRESS);
    }
}
