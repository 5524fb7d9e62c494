package io.agentruns.server.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.core.harness.CancellationToken;
import io.agentruns.core.harness.Harness;
import io.agentruns.core.harness.RunOutcome;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class NoopHarnessTest {

    @Test
    void succeedsAtOnceWithoutEmittingEvents() throws Exception {
        List<Object> emitted = new ArrayList<>();
        CancellationToken never = new CancellationToken() {
            @Override
            public boolean isCancelled() {
                return false;
            }

            @Override
            public void onCancel(Runnable action) {
            }
        };
        try (Harness.PreparedRun prepared = new NoopHarnessConfig.NoopHarness()
                .prepare(null, (type, data) -> emitted.add(type), never)) {
            RunOutcome outcome = prepared.execute((type, data) -> emitted.add(type), never);
            assertThat(outcome).isInstanceOf(RunOutcome.Succeeded.class);
        }
        assertThat(emitted).isEmpty();
    }
}
