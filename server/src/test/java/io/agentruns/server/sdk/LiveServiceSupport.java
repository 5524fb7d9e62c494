package io.agentruns.server.sdk;

import io.agentruns.client.AgentrunsClient;
import io.agentruns.client.ClientOptions;
import io.agentruns.client.RawResponse;
import io.agentruns.client.types.EnvironmentRequest;
import io.agentruns.core.harness.Harness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The real service on a random port (embedded worker, H2 in a temp dir) with the fast
 * {@link ScriptedHarness}; shared by the SDK and CLI end-to-end tests (one Spring context).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        classes = {io.agentruns.server.AgentrunsApplication.class, LiveServiceSupport.Harnesses.class})
@Timeout(120) // a run that never ends must fail its test, not hang the build
abstract class LiveServiceSupport {
    static final String ADMIN_KEY = "ar_sdk-live-bootstrap-admin-key-0123456789";

    @TestConfiguration
    static class Harnesses {
        @Bean
        @Primary
        Harness scriptedHarness() {
            return new ScriptedHarness();
        }
    }

    @DynamicPropertySource
    static void server(DynamicPropertyRegistry registry) throws Exception {
        Path dir = Files.createTempDirectory("agentruns-sdk-live");
        registry.add("agentruns.data-dir", dir::toString);
        registry.add("agentruns.bootstrap-api-key", () -> ADMIN_KEY);
    }

    @LocalServerPort
    int port;

    String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    ClientOptions.Builder options(String key) {
        return ClientOptions.builder().environment(Map.of()).baseUrl(baseUrl()).apiKey(key)
                .initialRetryDelay(Duration.ofMillis(20)).maxRetryDelay(Duration.ofMillis(200));
    }

    AgentrunsClient client(String key) {
        return new AgentrunsClient(options(key).build());
    }

    /** A new team with a default environment; answers its admin key. */
    String newTeamKey() {
        RawResponse team = client(ADMIN_KEY).request("POST", "/admin/teams", Map.of("name", "sdk-" + UUID.randomUUID()));
        String key = team.json().get("admin_key").get("key").asString();
        client(key).environments().create(EnvironmentRequest.builder().name("default").isDefault(true).build());
        return key;
    }
}
