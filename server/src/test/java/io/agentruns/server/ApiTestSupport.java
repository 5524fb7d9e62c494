package io.agentruns.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.model.Problem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Base of the HTTP tests: a started server (subclasses pick the database with
 * {@code @DynamicPropertySource}) with a known bootstrap admin key, and helpers.
 */
public abstract class ApiTestSupport {
    public static final String ADMIN_KEY = "ar_test-bootstrap-admin-key-0123456789";

    /** One data dir for every H2 test class: they share one Spring context (and server). */
    private static final Path SHARED_DATA_DIR = tempDataDir("agentruns-test-h2");

    @LocalServerPort
    protected int port;

    @DynamicPropertySource
    static void sharedServer(DynamicPropertyRegistry registry) {
        registry.add("agentruns.data-dir", SHARED_DATA_DIR::toString);
        registry.add("agentruns.bootstrap-api-key", () -> ADMIN_KEY);
        // These tests check runs as created (QUEUED); the execution tests run the worker.
        registry.add("agentruns.worker.enabled", () -> "false");
        // the agent's model registry rejects unknown model ids: declare the ones these tests use
        registry.add("agentruns.models", () -> "m1=openai:m1,m2=openai:m2");
    }

    protected Http admin() {
        return new Http(port, ADMIN_KEY);
    }

    protected Http anonymous() {
        return new Http(port, null);
    }

    protected static Path tempDataDir(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A new team with its admin key (each test gets its own tenant: no interference). */
    protected Http newTeam() {
        Http.Response r = admin().post("/api/v1/admin/teams", "{\"name\":\"team-" + UUID.randomUUID() + "\"}");
        assertThat(r.status()).as(r.toString()).isEqualTo(201);
        return admin().withKey(r.json().get("admin_key").get("key").stringValue());
    }

    /** A key of the same team as {@code teamAdmin} with the given scopes. */
    protected Http keyWith(Http teamAdmin, String... scopes) {
        StringBuilder body = new StringBuilder("{\"name\":\"k\",\"scopes\":[");
        for (int i = 0; i < scopes.length; i++) {
            body.append(i == 0 ? "" : ",").append('"').append(scopes[i]).append('"');
        }
        body.append("]}");
        Http.Response r = teamAdmin.post("/api/v1/admin/keys", body.toString());
        assertThat(r.status()).as(r.toString()).isEqualTo(201);
        return teamAdmin.withKey(r.json().get("key").stringValue());
    }

    protected static String createRun(Http http, String body) {
        Http.Response r = http.post("/api/v1/agent/run", body);
        assertThat(r.status()).as(r.toString()).isEqualTo(201);
        return r.json().get("run_id").stringValue();
    }

    /** Checks the problem+json shape of every error answer of the wire contract. */
    public static JsonNode assertProblem(Http.Response r, int status, String errorCode) {
        assertThat(r.status()).as(r.toString()).isEqualTo(status);
        assertThat(r.contentType()).as(r.toString()).startsWith(Problem.MEDIA_TYPE);
        JsonNode p = r.json();
        assertThat(p.get("type").stringValue()).endsWith("/errors/" + errorCode);
        assertThat(p.get("title").stringValue()).isNotBlank();
        assertThat(p.get("status").intValue()).isEqualTo(status);
        assertThat(p.get("instance").stringValue()).startsWith("/");
        assertThat(p.get("error").stringValue()).isNotBlank();
        assertThat(p.get("error_code").stringValue()).isEqualTo(errorCode);
        assertThat(p.get("retryable").isBoolean()).isTrue();
        assertThat(p.get("trace_id").stringValue()).isNotBlank();
        assertThat(r.body()).doesNotContain("Exception", "\tat ", "<html");
        if (status == 401) {
            assertThat(r.header("WWW-Authenticate")).isEqualTo("Bearer");
        }
        return p;
    }
}
