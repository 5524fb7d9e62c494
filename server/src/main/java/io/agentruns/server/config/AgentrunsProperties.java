package io.agentruns.server.config;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Every setting of the service, bound from {@code agentruns.*} properties and therefore from the
 * environment variables {@code AGENTRUNS_*} (Spring's relaxed binding: {@code AGENTRUNS_DATA_DIR}
 * is {@code agentruns.data-dir}). The README's configuration table documents each one; guarded
 * by {@code AgentrunsPropertiesTest}.
 *
 * @param port            HTTP(S) port ({@code AGENTRUNS_PORT}, default 8080; 0 picks a free port)
 * @param dataDir         where the embedded database, the bootstrap key file and workspaces live
 *                        ({@code AGENTRUNS_DATA_DIR}, default {@code ./data})
 * @param databaseUrl     JDBC URL ({@code AGENTRUNS_DATABASE_URL}); absent: an H2 file database in the
 *                        data dir; {@code jdbc:postgresql://...} selects PostgreSQL
 * @param databaseUser    database user ({@code AGENTRUNS_DATABASE_USER}), optional
 * @param databasePassword database password ({@code AGENTRUNS_DATABASE_PASSWORD}), optional
 * @param publicUrl       base of absolute links, e.g. session links ({@code AGENTRUNS_PUBLIC_URL},
 *                        default {@code http://localhost:PORT})
 * @param bootstrapApiKey admin key created on an empty database ({@code AGENTRUNS_BOOTSTRAP_API_KEY});
 *                        absent: a random key written to {@code <dataDir>/bootstrap-api-key}
 * @param tls             PEM certificate and key ({@code AGENTRUNS_TLS_CERT}, {@code AGENTRUNS_TLS_KEY}):
 *                        when both are set the service serves HTTPS only
 * @param defaultModel    model of runs that name none ({@code AGENTRUNS_DEFAULT_MODEL})
 * @param mode            {@code serve} (API + embedded worker) or {@code worker} (worker + health only),
 *                        set by the {@code serve}/{@code worker} commands ({@code AGENTRUNS_MODE})
 * @param limits          request limits ({@code AGENTRUNS_LIMITS_*})
 */
@ConfigurationProperties(prefix = "agentruns")
public record AgentrunsProperties(
        @DefaultValue("8080") int port,
        @DefaultValue("./data") Path dataDir,
        String databaseUrl,
        String databaseUser,
        String databasePassword,
        String publicUrl,
        String bootstrapApiKey,
        @DefaultValue Tls tls,
        @DefaultValue("default") String defaultModel,
        @DefaultValue("serve") Mode mode,
        @DefaultValue Limits limits) {

    /** Which parts of the service run in this process. */
    public enum Mode {
        /** The HTTP API and the embedded worker. */
        SERVE,
        /** Only the worker (and /healthz, /readyz): the ENGINE's worker loop hooks in on this mode. */
        WORKER
    }

    /**
     * @param cert PEM certificate chain file ({@code AGENTRUNS_TLS_CERT})
     * @param key  PEM private key file ({@code AGENTRUNS_TLS_KEY})
     */
    public record Tls(String cert, String key) {
        public boolean enabled() {
            return cert != null && !cert.isBlank() && key != null && !key.isBlank();
        }
    }

    /**
     * @param maxBodyBytes  largest request body ({@code AGENTRUNS_LIMITS_MAX_BODY_BYTES}, 1 MiB); more is 413
     * @param maxPromptChars longest prompt ({@code AGENTRUNS_LIMITS_MAX_PROMPT_CHARS}, 100,000); more is 400
     * @param maxTitleChars longest title ({@code AGENTRUNS_LIMITS_MAX_TITLE_CHARS}, 256); more is 400
     * @param maxMcpServers most MCP servers per run ({@code AGENTRUNS_LIMITS_MAX_MCP_SERVERS}, 50); more is 400
     */
    public record Limits(
            @DefaultValue("1048576") long maxBodyBytes,
            @DefaultValue("100000") int maxPromptChars,
            @DefaultValue("256") int maxTitleChars,
            @DefaultValue("50") int maxMcpServers) {
    }

    /** The JDBC URL in effect: the configured one, or the embedded H2 file database in the data dir. */
    public String effectiveDatabaseUrl() {
        if (databaseUrl != null && !databaseUrl.isBlank()) {
            return databaseUrl;
        }
        return "jdbc:h2:file:" + dataDir.toAbsolutePath().normalize().resolve("agentruns")
                + ";AUTO_SERVER=FALSE;DB_CLOSE_ON_EXIT=FALSE";
    }

    public boolean isPostgres() {
        return effectiveDatabaseUrl().startsWith("jdbc:postgresql:");
    }

    /** The base of absolute links, without a trailing slash. */
    public String effectivePublicUrl(int actualPort) {
        String base = publicUrl != null && !publicUrl.isBlank() ? publicUrl
                : (tls.enabled() ? "https" : "http") + "://localhost:" + actualPort;
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }
}
