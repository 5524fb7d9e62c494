package io.agentruns.server.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.server.Http;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The whole path through the HTTP API with the production harness: an environment with a local git
 * repository (a failing test and a skill), a run from the skill, the embedded worker, a scripted
 * OpenAI-compatible model that reads, edits and tests the code: the run SUCCEEDS, is named after the
 * skill, carries the patch as a FILE artifact and its transcript shows the passing test command.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AgentHttpEndToEndTest {
    static final String ADMIN_KEY = "ar_agent-e2e-admin-key-0123456789";
    static final Path DATA_DIR = tempDir("agentruns-agent-e2e");
    static final ScriptedOpenAiServer MODEL = new ScriptedOpenAiServer(List.of(
            ScriptedOpenAiServer.Turn.call("read_file", Map.of("path", "calc.sh")),
            ScriptedOpenAiServer.Turn.call("edit_file", Map.of("path", "calc.sh", "old_text", "$1 - $2", "new_text", "$1 + $2")),
            ScriptedOpenAiServer.Turn.call("shell", Map.of("command", "sh test.sh")),
            ScriptedOpenAiServer.Turn.answer("calc.sh adds now; sh test.sh passes.")));

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("agentruns.data-dir", DATA_DIR::toString);
        registry.add("agentruns.bootstrap-api-key", () -> ADMIN_KEY);
        registry.add("OPENAI_API_KEY", () -> "sk-e2e-test-key-0123456789");
        registry.add("OPENAI_BASE_URL", MODEL::baseUrl);
        registry.add("agentruns.provider-max-retries", () -> "0");
    }

    @AfterAll
    static void stopModel() {
        MODEL.close();
    }

    @Test
    void aRunFromASkillFixesTheRepositoryThroughTheApi() throws Exception {
        Path repo = calcRepository();
        Http admin = new Http(port, ADMIN_KEY);
        Http.Response team = admin.post("/api/v1/admin/teams", "{\"name\":\"agent-e2e\"}");
        assertThat(team.status()).as(team.toString()).isEqualTo(201);
        Http http = admin.withKey(team.json().get("admin_key").get("key").asString());

        Http.Response env = http.post("/api/v1/agent/environments", "{\"name\":\"calc\",\"repos\":[{\"url\":\"file://"
                + repo + "\"}],\"setup_commands\":[\"sh -n calc.sh\"],\"is_default\":true}");
        assertThat(env.status()).as(env.toString()).isEqualTo(201);

        JsonNode skills = http.get("/api/v1/agent").json();
        assertThat(skills.get("agents").toString()).contains("fix-calc").contains("acme/calc:skills/fix-calc/SKILL.md");

        Http.Response created = http.post("/api/v1/agent/run", "{\"prompt\":\"Make the tests pass\",\"skill\":\"acme/calc:fix-calc\"}");
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        String runId = created.json().get("run_id").asString();

        JsonNode run = awaitFinal(http, runId);
        assertThat(run.get("state").asString()).as(run.toString()).isEqualTo("SUCCEEDED");
        assertThat(run.get("agent_config").get("name").asString()).isEqualTo("fix-calc");
        assertThat(run.get("session_link").asString()).isNotBlank();
        assertThat(run.get("request_usage").toString()).contains("400");
        assertThat(run.get("artifacts").toString()).contains("FILE").contains("+echo $(( $1 + $2 ))");
        assertThat(MODEL.firstSystemPrompt()).contains("SKILL-MARKER-7");

        String events = http.get("/api/v1/agent/runs/" + runId + "/events").body();
        assertThat(events).contains("\"command\"").contains("sh test.sh").contains("\"exit_code\":0")
                .contains("file.change").doesNotContain("sk-e2e-test-key");
    }

    private static JsonNode awaitFinal(Http http, String runId) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
        while (true) {
            JsonNode run = http.get("/api/v1/agent/runs/" + runId).json();
            String state = run.get("state").asString();
            if (state.equals("SUCCEEDED") || state.equals("FAILED") || state.equals("CANCELLED")
                    || Instant.now().isAfter(deadline)) {
                return run;
            }
            Thread.sleep(100);
        }
    }

    private static Path calcRepository() throws IOException, InterruptedException {
        Path dir = Files.createDirectories(DATA_DIR.resolveSibling(DATA_DIR.getFileName() + "-origin").resolve("acme/calc"));
        Files.writeString(dir.resolve("calc.sh"), "#!/bin/sh\necho $(( $1 - $2 ))\n");
        Files.writeString(dir.resolve("test.sh"), "#!/bin/sh\nout=$(sh ./calc.sh 2 3)\n"
                + "if [ \"$out\" = \"5\" ]; then echo PASS; else echo \"FAIL: got $out\"; exit 1; fi\n");
        Files.createDirectories(dir.resolve("skills/fix-calc"));
        Files.writeString(dir.resolve("skills/fix-calc/SKILL.md"),
                "---\nname: fix-calc\ndescription: Fixes calculators\n---\nRun sh test.sh. SKILL-MARKER-7\n");
        for (List<String> argv : List.of(List.of("git", "init", "-q", "-b", "main"), List.of("git", "add", "-A"),
                List.of("git", "-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "init"))) {
            Process p = new ProcessBuilder(argv).directory(dir.toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            assertThat(p.waitFor()).as(out).isZero();
        }
        return dir;
    }

    private static Path tempDir(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
