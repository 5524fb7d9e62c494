package io.agentruns.server.execution;

import io.agentruns.core.harness.Harness;
import io.agentruns.store.Database;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

/** {@code agentruns.test-harness.enabled=true} (test classpath only): the {@link TestHarness} runs every run. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "agentruns.test-harness.enabled", havingValue = "true")
public class TestHarnessConfig {
    @Bean
    @Primary
    public Harness testHarness(Database database, @Value("${agentruns.test-harness.sleep-millis:20}") long sleepMillis) {
        return new TestHarness(database, Duration.ofMillis(sleepMillis));
    }
}
