package io.agentruns.agent.loop;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.core.run.McpServerConfig;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretRedactorTest {
    @Test
    void redactsProviderKeysAndMcpSecretsEverywhereInEventData() {
        SecretRedactor r = SecretRedactor.of(List.of("sk-provider-key"), Map.of("s", new McpServerConfig(null, null, null,
                "http://x", Map.of("Authorization", "Bearer tok-123456"), null), "t", new McpServerConfig("cmd", null,
                Map.of("API_TOKEN", "envsecret", "DEBUG", "1"), null, null, null)));

        Map<String, Object> out = r.redact(Map.of("text", "key sk-provider-key and tok-123456",
                "nested", Map.of("list", List.of("envsecret", 1)), "debug", "1"));

        assertThat(out.get("text")).isEqualTo("key *** and ***");
        assertThat(out.get("nested")).isEqualTo(Map.of("list", List.of("***", 1)));
        assertThat(out.get("debug")).isEqualTo("1");
    }
}
