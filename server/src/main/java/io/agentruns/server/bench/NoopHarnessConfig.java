package io.agentruns.server.bench;

import io.agentruns.core.harness.CancellationToken;
import io.agentruns.core.harness.EventSink;
import io.agentruns.core.harness.Harness;
import io.agentruns.core.harness.HarnessRun;
import io.agentruns.core.harness.RunOutcome;
import io.agentruns.core.run.Usage;
import java.util.List;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

/**
 * {@code AGENTRUNS_HARNESS=noop}: every run succeeds at once without doing anything, so that
 * bench/run.sh measures the engine (claim, start, finish, events) and not an agent. Never set in
 * production; absent, the production harness (agent module) is used.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "agentruns.harness", havingValue = "noop")
public class NoopHarnessConfig {

    @Bean
    @Primary
    public Harness noopHarness() {
        return new NoopHarness();
    }

    /** Prepares nothing and succeeds with no output, usage or artifacts. */
    public static final class NoopHarness implements Harness {
        @Override
        public PreparedRun prepare(HarnessRun run, EventSink events, CancellationToken cancel) {
            return new PreparedRun() {
                @Override
                public RunOutcome execute(EventSink sink, CancellationToken token) {
                    return new RunOutcome.Succeeded("", Usage.NONE, List.of());
                }

                @Override
                public void close() {
                }
            };
        }
    }
}
