package io.agentruns.server.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.client.AgentrunsClient;
import io.agentruns.client.internal.Json;
import io.agentruns.client.types.RunItem;
import io.agentruns.client.types.RunSource;
import io.agentruns.client.types.RunState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The command line end to end: {@code bin/agentruns} (the packaged {@code agentruns.jar}, its picocli
 * dispatcher and the {@code cli} commands) as separate processes against the live service. An integration
 * test (failsafe): it runs after {@code package}, when the jar exists.
 */
class CliEndToEndIT extends LiveServiceSupport {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();

    record Result(int exit, String out, String err) {
        List<String> lines() {
            return out.lines().toList();
        }
    }

    String teamKey;
    AgentrunsClient sdk;

    @org.junit.jupiter.api.BeforeAll
    static void jarIsBuilt() {
        assertThat(REPO.resolve("server/target/agentruns.jar")).as("run after package (mvn verify)").exists();
    }

    @BeforeEach
    void team() {
        teamKey = newTeamKey();
        sdk = client(teamKey);
    }

    Result cli(String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(REPO.resolve("bin/agentruns").toString());
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(REPO.toFile());
        Map<String, String> env = pb.environment();
        env.put("AGENTRUNS_BASE_URL", baseUrl());
        env.put("AGENTRUNS_API_KEY", teamKey);
        env.put("AGENTRUNS_SKIP_BUILD", "1"); // the jar of this build; never a nested Maven build
        env.put("JAVA_HOME", System.getProperty("java.home"));
        Path out = Files.createTempFile("cli-out", ".txt");
        Path err = Files.createTempFile("cli-err", ".txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("bin/agentruns " + String.join(" ", args) + " did not end");
        }
        return new Result(p.exitValue(), read(out), read(err));
    }

    private static String read(Path p) throws IOException {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(p);
        }
    }

    @Test
    void runFollowPrintsTheIdAndTheTranscriptAndMarksTheSourceCli() throws Exception {
        String name = "cli-" + UUID.randomUUID();
        Result r = cli("run", "say hello", "--name", name, "--title", "CLI hello",
                "--mcp", "gh={\"url\":\"https://mcp.example/sse\",\"headers\":{\"Authorization\":\"Bearer x\"}}",
                "--follow");

        assertThat(r.exit()).as(r.toString()).isZero();
        String runId = r.lines().get(0);
        assertThat(UUID.fromString(runId)).isNotNull();
        assertThat(r.out()).contains("--- QUEUED").contains("Working on: say hello").contains("$ echo hello")
                .contains("=== answer").contains("Done: say hello").contains("--- SUCCEEDED");

        RunItem run = sdk.runs().get(runId);
        assertThat(run.source()).isEqualTo(RunSource.CLI);
        assertThat(run.title()).isEqualTo("CLI hello");
        assertThat(run.agentConfig().name()).isEqualTo(name);
        assertThat(run.agentConfig().mcpServers()).containsKey("gh");

        Result list = cli("runs", "list", "--name", name, "--source", "CLI", "--output", "json");
        assertThat(list.exit()).as(list.toString()).isZero();
        JsonNode runs = Json.readTree(list.out()).get("runs");
        assertThat(runs.size()).isEqualTo(1);
        assertThat(runs.get(0).get("run_id").asString()).isEqualTo(runId);

        Result table = cli("runs", "list", "--name", name);
        assertThat(table.out()).contains("RUN ID").contains(runId).contains("SUCCEEDED").contains("CLI");

        Result get = cli("runs", "get", runId);
        assertThat(Json.readTree(get.out()).get("state").asString()).isEqualTo("SUCCEEDED");

        Result events = cli("runs", "events", runId, "--output", "json");
        assertThat(events.exit()).isZero();
        assertThat(events.lines()).first().satisfies(l -> assertThat(Json.readTree(l).get("seq").asLong()).isEqualTo(1));

        Result cancel = cli("runs", "cancel", runId, "--max-retries", "0");
        assertThat(cancel.exit()).isEqualTo(3);
        assertThat(cancel.err().strip()).startsWith("error: 409 conflict: ").doesNotContain("\n");
    }

    @Test
    void waitExitCodeFollowsTheFinalState() throws Exception {
        Result failed = cli("run", "please fail", "--wait");
        assertThat(failed.exit()).as(failed.toString()).isEqualTo(1);
        assertThat(failed.out()).contains("FAILED: asked to fail");

        Result ok = cli("run", "fine", "--wait");
        assertThat(ok.exit()).as(ok.toString()).isZero();
        assertThat(ok.lines()).last().isEqualTo("SUCCEEDED");

        Result queued = cli("run", "block until cancelled");
        assertThat(queued.exit()).isZero();
        String id = queued.out().strip();
        Result cancel = cli("runs", "cancel", id);
        assertThat(cancel.exit()).as(cancel.toString()).isZero();
        assertThat(sdk.runs().waitForFinalState(id, java.time.Duration.ofMillis(100), java.time.Duration.ofSeconds(30)).state())
                .isEqualTo(RunState.CANCELLED);
        Result follow = cli("runs", "events", id, "--follow");
        assertThat(follow.exit()).isEqualTo(1);
        assertThat(follow.out()).contains("--- CANCELLED");
    }

    @Test
    void environmentsAndKeys() throws Exception {
        Result created = cli("environments", "create", "--name", "py", "--docker-image", "python:3.12",
                "--repo", "https://github.com/o/r.git#main", "--setup-command", "pip install -e .");
        assertThat(created.exit()).as(created.toString()).isZero();
        String envId = Json.readTree(created.out()).get("uid").asString();

        assertThat(cli("environments", "list").out()).contains(envId).contains("python:3.12");
        Result updated = cli("environments", "update", envId, "--description", "python three");
        assertThat(Json.readTree(updated.out()).get("description").asString()).isEqualTo("python three");
        assertThat(Json.readTree(cli("environments", "get", envId).out()).get("docker_image").asString())
                .isEqualTo("python:3.12");
        assertThat(cli("environments", "delete", envId).exit()).isZero();
        Result gone = cli("environments", "get", envId);
        assertThat(gone.exit()).isEqualTo(3);
        assertThat(gone.err()).startsWith("error: 404 resource_not_found");

        Result key = cli("keys", "create", "--name", "ci", "--scope", "runs:read");
        assertThat(key.exit()).as(key.toString()).isZero();
        String secret = key.out().strip();
        assertThat(client(secret).runs().list(io.agentruns.client.types.ListRunsParams.none())).isNotNull();
        String keyId = sdk.keys().list().stream().filter(k -> "ci".equals(k.name())).findFirst().orElseThrow().id();
        assertThat(cli("keys", "list").out()).contains(keyId).contains("runs:read");
        assertThat(cli("keys", "revoke", keyId).exit()).isZero();
        assertThat(cli("keys", "list").out()).contains("revoked");
    }

    @Test
    void usageErrorsAndCompletion() throws Exception {
        Result noPrompt = cli("run");
        assertThat(noPrompt.exit()).isEqualTo(2);
        assertThat(cli("runs", "list", "--state", "SLEEPING").exit()).isEqualTo(2);

        teamKey = "ar_not-a-key";
        Result badKey = cli("runs", "list");
        assertThat(badKey.exit()).isEqualTo(3);
        assertThat(badKey.err()).startsWith("error: 401 authentication_required");

        Result completion = cli("generate-completion");
        assertThat(completion.exit()).isZero();
        assertThat(completion.out()).contains("complete -F").contains("serve").contains("environments");
    }
}
