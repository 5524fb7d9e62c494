package io.agentruns.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.server.config.AgentrunsProperties;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/** The AGENTRUNS_* environment variables of the README bind to {@link AgentrunsProperties}, with the documented defaults. */
class AgentrunsPropertiesTest {

    private static AgentrunsProperties bind(Map<String, Object> env) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().replace(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, env));
        ConfigurationPropertySources.attach(environment);
        return Binder.get(environment).bindOrCreate("agentruns", AgentrunsProperties.class);
    }

    @Test
    void defaults() {
        AgentrunsProperties p = bind(Map.of());
        assertThat(p.port()).isEqualTo(8080);
        assertThat(p.dataDir().normalize()).isEqualTo(Path.of("data"));
        assertThat(p.effectiveDatabaseUrl()).startsWith("jdbc:h2:file:").contains("data");
        assertThat(p.isPostgres()).isFalse();
        assertThat(p.effectivePublicUrl(8080)).isEqualTo("http://localhost:8080");
        assertThat(p.tls().enabled()).isFalse();
        assertThat(p.mode()).isEqualTo(AgentrunsProperties.Mode.SERVE);
        assertThat(p.limits().maxBodyBytes()).isEqualTo(1024 * 1024);
        assertThat(p.limits().maxPromptChars()).isEqualTo(100_000);
        assertThat(p.limits().maxTitleChars()).isEqualTo(256);
        assertThat(p.limits().maxMcpServers()).isEqualTo(50);
    }

    @Test
    void environmentVariables() {
        Map<String, Object> env = new HashMap<>();
        env.put("AGENTRUNS_PORT", "9999");
        env.put("AGENTRUNS_DATA_DIR", "/var/lib/agentruns");
        env.put("AGENTRUNS_DATABASE_URL", "jdbc:postgresql://db:5432/agentruns");
        env.put("AGENTRUNS_PUBLIC_URL", "https://runs.example.com/");
        env.put("AGENTRUNS_BOOTSTRAP_API_KEY", "ar_x");
        env.put("AGENTRUNS_TLS_CERT", "/etc/cert.pem");
        env.put("AGENTRUNS_TLS_KEY", "/etc/key.pem");
        env.put("AGENTRUNS_DEFAULT_MODEL", "gpt-x");
        env.put("AGENTRUNS_MODE", "worker");
        env.put("AGENTRUNS_LIMITS_MAX_BODY_BYTES", "2048");
        env.put("AGENTRUNS_LIMITS_MAX_PROMPT_CHARS", "10");
        env.put("AGENTRUNS_LIMITS_MAX_TITLE_CHARS", "20");
        env.put("AGENTRUNS_LIMITS_MAX_MCP_SERVERS", "3");
        AgentrunsProperties p = bind(env);
        assertThat(p.port()).isEqualTo(9999);
        assertThat(p.dataDir()).isEqualTo(Path.of("/var/lib/agentruns"));
        assertThat(p.effectiveDatabaseUrl()).isEqualTo("jdbc:postgresql://db:5432/agentruns");
        assertThat(p.isPostgres()).isTrue();
        assertThat(p.effectivePublicUrl(9999)).isEqualTo("https://runs.example.com");
        assertThat(p.bootstrapApiKey()).isEqualTo("ar_x");
        assertThat(p.tls().enabled()).isTrue();
        assertThat(p.tls().cert()).isEqualTo("/etc/cert.pem");
        assertThat(p.defaultModel()).isEqualTo("gpt-x");
        assertThat(p.mode()).isEqualTo(AgentrunsProperties.Mode.WORKER);
        assertThat(p.limits().maxBodyBytes()).isEqualTo(2048);
        assertThat(p.limits().maxPromptChars()).isEqualTo(10);
        assertThat(p.limits().maxTitleChars()).isEqualTo(20);
        assertThat(p.limits().maxMcpServers()).isEqualTo(3);
    }

    @Test
    void tlsPublicUrlDefaultsToHttps() {
        AgentrunsProperties p = bind(Map.of("AGENTRUNS_TLS_CERT", "c", "AGENTRUNS_TLS_KEY", "k"));
        assertThat(p.effectivePublicUrl(8443)).isEqualTo("https://localhost:8443");
    }
}
