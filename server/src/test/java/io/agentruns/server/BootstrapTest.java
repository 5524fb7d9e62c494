package io.agentruns.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.server.identity.Bootstrap;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * First start on an empty database creates team {@code default}, its default environment and an
 * admin key written to {@code <dataDir>/bootstrap-api-key} with mode 0600; later starts create
 * nothing. In {@code worker} mode only health answers.
 */
class BootstrapTest {

    @Test
    void firstStartWritesAWorkingAdminKeyReadableOnlyByItsOwner(@TempDir Path dataDir) throws Exception {
        Path keyFile = dataDir.resolve(Bootstrap.KEY_FILE);
        String key;
        try (ConfigurableApplicationContext app = start(dataDir, "serve")) {
            assertThat(keyFile).exists();
            assertThat(Files.getPosixFilePermissions(keyFile))
                    .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
            key = Files.readString(keyFile).strip();
            assertThat(key).startsWith("ar_");
            Http http = new Http(portOf(app), key);
            assertThat(http.get("/api/v1/agent/runs").status()).isEqualTo(200);
            assertThat(http.get("/api/v1/admin/keys").json().get("keys")).hasSize(1);
            var envs = http.get("/api/v1/agent/environments").json().get("environments");
            assertThat(envs).hasSize(1);
            assertThat(envs.get(0).get("name").stringValue()).isEqualTo("default");
            assertThat(envs.get(0).get("is_default").booleanValue()).isTrue();
            assertThat(http.get("/api/v1/admin/teams").json().get("teams").get(0).get("name").stringValue())
                    .isEqualTo("default");
        }
        Files.delete(keyFile);
        try (ConfigurableApplicationContext app = start(dataDir, "serve")) {
            assertThat(keyFile).doesNotExist(); // keys exist: nothing is created again
            Http http = new Http(portOf(app), key);
            assertThat(http.get("/api/v1/admin/keys").json().get("keys")).hasSize(1);
        }
        try (ConfigurableApplicationContext worker = start(dataDir, "worker")) {
            Http http = new Http(portOf(worker), key);
            assertThat(http.get("/healthz").status()).isEqualTo(200);
            assertThat(http.get("/readyz").status()).isEqualTo(200);
            ApiTestSupport.assertProblem(http.get("/api/v1/agent/runs"), 404, "resource_not_found");
            ApiTestSupport.assertProblem(http.get("/api/v1/openapi.json"), 404, "resource_not_found");
        }
    }

    @Test
    void theConfiguredBootstrapKeyIsUsedAndNoFileIsWritten(@TempDir Path dataDir) {
        try (ConfigurableApplicationContext app = AgentrunsApplication.start("--agentruns.data-dir=" + dataDir,
                "--agentruns.port=0", "--agentruns.bootstrap-api-key=ar_given-key-for-bootstrap-test-1234")) {
            assertThat(dataDir.resolve(Bootstrap.KEY_FILE)).doesNotExist();
            Http http = new Http(portOf(app), "ar_given-key-for-bootstrap-test-1234");
            assertThat(http.get("/api/v1/admin/keys").status()).isEqualTo(200);
        }
    }

    static ConfigurableApplicationContext start(Path dataDir, String mode) {
        return AgentrunsApplication.start("--agentruns.data-dir=" + dataDir, "--agentruns.port=0",
                "--agentruns.mode=" + mode);
    }

    static int portOf(ConfigurableApplicationContext app) {
        return ((WebServerApplicationContext) app).getWebServer().getPort();
    }

    static Set<PosixFilePermission> ownerOnly() {
        return Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
    }
}
