package io.agentruns.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The HTTP API's behaviour, run against H2 ({@code ApiH2Test}) and PostgreSQL ({@code ApiPostgresTest}):
 * create/get/list with every filter, keyset paging, idempotency, tenancy, environments, keys.
 * Each test works in its own new team, so tests do not see each other's runs.
 */
abstract class ApiContract extends ApiTestSupport {

    static final String FULL_CONFIG = """
            {"prompt":"Fix the flaky test\\nin module core","config":{
              "name":"fixer","model_id":"gpt-test","base_prompt":"Be brief.","worker_host":"pool-a",
              "computer_use_enabled":true,"idle_timeout_minutes":30,
              "mcp_servers":{
                "gh":{"command":"npx","args":["-y","server-github"],"env":{"GITHUB_TOKEN":"secret-token-1"}},
                "web":{"url":"https://mcp.example.com/sse","headers":{"Authorization":"Bearer secret-2"}},
                "reg":{"warp_id":"abc123"}}},
             "future_field":{"ignored":true}}""";

    @Test
    void createAnswers201WithLocationAndGetServesTheResolvedRun() {
        Http team = newTeam();
        Http.Response created = team.post("/api/v1/agent/run", FULL_CONFIG);
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        String runId = created.json().get("run_id").stringValue();
        assertThat(created.json().get("state").stringValue()).isEqualTo("QUEUED");
        assertThat(created.json().get("task_id").stringValue()).isEqualTo(runId);
        assertThat(created.header("Location")).isEqualTo("http://localhost:" + port + "/api/v1/agent/runs/" + runId);

        JsonNode run = team.get("/api/v1/agent/runs/" + runId).json();
        assertThat(run.get("run_id").stringValue()).isEqualTo(runId);
        assertThat(run.get("task_id").stringValue()).isEqualTo(runId);
        assertThat(run.get("prompt").stringValue()).isEqualTo("Fix the flaky test\nin module core");
        assertThat(run.get("title").stringValue()).isEqualTo("Fix the flaky test");
        assertThat(run.get("state").stringValue()).isEqualTo("QUEUED");
        assertThat(Instant.parse(run.get("created_at").stringValue())).isNotNull();
        assertThat(Instant.parse(run.get("updated_at").stringValue())).isNotNull();
        assertThat(run.get("source").stringValue()).isEqualTo("API");
        assertThat(run.get("creator").get("type").stringValue()).isEqualTo("service_account");
        assertThat(run.get("creator").get("uid").stringValue()).isNotBlank();
        assertThat(run.get("scope").get("type").stringValue()).isEqualTo("User");
        assertThat(run.get("request_usage").get("inference_cost").isNumber()).isTrue();
        JsonNode config = run.get("agent_config");
        assertThat(config.get("name").stringValue()).isEqualTo("fixer");
        assertThat(config.get("model_id").stringValue()).isEqualTo("gpt-test");
        assertThat(config.get("base_prompt").stringValue()).isEqualTo("Be brief.");
        assertThat(config.get("worker_host").stringValue()).isEqualTo("pool-a");
        assertThat(config.get("computer_use_enabled").booleanValue()).isTrue();
        assertThat(config.get("idle_timeout_minutes").intValue()).isEqualTo(30);
        String defaultEnv = defaultEnvironmentId(team);
        assertThat(config.get("environment_id").stringValue()).isEqualTo(defaultEnv);
        // Invariant 8: MCP secrets are never echoed.
        assertThat(config.get("mcp_servers").get("gh").get("env").get("GITHUB_TOKEN").stringValue()).isEqualTo("***");
        assertThat(config.get("mcp_servers").get("gh").get("args").get(1).stringValue()).isEqualTo("server-github");
        assertThat(config.get("mcp_servers").get("web").get("headers").get("Authorization").stringValue()).isEqualTo("***");
        assertThat(config.get("mcp_servers").get("reg").get("warp_id").stringValue()).isEqualTo("abc123");
        String all = team.get("/api/v1/agent/runs").body();
        assertThat(all + run).doesNotContain("secret-token-1", "secret-2");
    }

    @Test
    void defaultsAreFilledAndTheAliasPathCreatesToo() {
        Http team = newTeam();
        Http.Response created = team.post("/api/v1/agent/runs", "{\"prompt\":\"  \\n  hello world  \\nmore\"}");
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        JsonNode run = team.get("/api/v1/agent/runs/" + created.json().get("run_id").stringValue()).json();
        assertThat(run.get("title").stringValue()).isEqualTo("hello world");
        assertThat(run.get("agent_config").get("model_id").stringValue()).isEqualTo("gpt-4.1");
        assertThat(run.get("agent_config").get("environment_id").stringValue()).isEqualTo(defaultEnvironmentId(team));
        assertThat(run.has("session_link")).isFalse();
        assertThat(run.has("status_message")).isFalse();
    }

    @Test
    void aLongFirstLineIsCutTo80CharactersForTheTitle() {
        Http team = newTeam();
        String id = createRun(team, "{\"prompt\":\"" + "é".repeat(120) + "\"}");
        assertThat(team.get("/api/v1/agent/runs/" + id).json().get("title").stringValue()).isEqualTo("é".repeat(80));
    }

    @Test
    void aRunFromASkillIsNamedAfterTheSkill() {
        Http team = newTeam();
        String a = createRun(team, "{\"skill\":\"acme/tools:reviewer\"}");
        String b = createRun(team, "{\"prompt\":\"p\",\"config\":{\"skill_spec\":\"acme/tools:skills/lint/SKILL.md\"}}");
        String c = createRun(team, "{\"prompt\":\"p\",\"config\":{\"name\":\"mine\",\"skill_spec\":\"acme/tools:reviewer\"}}");
        JsonNode ra = team.get("/api/v1/agent/runs/" + a).json();
        assertThat(ra.get("agent_config").get("name").stringValue()).isEqualTo("reviewer");
        assertThat(ra.get("agent_config").get("skill_spec").stringValue()).isEqualTo("acme/tools:reviewer");
        assertThat(ra.get("prompt").stringValue()).isEmpty();
        assertThat(team.get("/api/v1/agent/runs/" + b).json().get("agent_config").get("name").stringValue()).isEqualTo("lint");
        assertThat(team.get("/api/v1/agent/runs/" + c).json().get("agent_config").get("name").stringValue()).isEqualTo("mine");
    }

    @Test
    void listFiltersOnEveryField() {
        Http team = newTeam();
        Instant before = Instant.now().minusSeconds(5);
        String envId = createEnvironment(team, "{\"name\":\"other\"}");
        String a = createRun(team, "{\"prompt\":\"alpha task\",\"config\":{\"name\":\"n1\",\"model_id\":\"gpt-4o\"}}");
        String b = createRun(team, "{\"prompt\":\"beta task\",\"config\":{\"name\":\"n2\",\"model_id\":\"gpt-4o-mini\",\"environment_id\":\"" + envId + "\"}}");
        Http.Response cliRun = team.send("POST", "/api/v1/agent/run", "{\"prompt\":\"gamma\",\"skill\":\"o/r:s\"}",
                Map.of("Content-Type", "application/json", "X-Agentruns-Source", "CLI"));
        assertThat(cliRun.status()).isEqualTo(201);
        String c = cliRun.json().get("run_id").stringValue();

        assertThat(ids(team, "")).containsExactlyInAnyOrder(a, b, c);
        assertThat(ids(team, "?name=n1")).containsExactly(a);
        assertThat(ids(team, "?config_name=n2")).containsExactly(b);
        assertThat(ids(team, "?model_id=gpt-4o-mini")).containsExactly(b);
        assertThat(ids(team, "?environment_id=" + envId)).containsExactly(b);
        assertThat(ids(team, "?source=CLI")).containsExactly(c);
        assertThat(ids(team, "?source=API")).containsExactlyInAnyOrder(a, b);
        assertThat(ids(team, "?skill_spec=o/r:s")).containsExactly(c);
        assertThat(ids(team, "?skill=o/r:s")).containsExactly(c);
        assertThat(ids(team, "?q=beta")).containsExactly(b);
        assertThat(ids(team, "?state=QUEUED")).containsExactlyInAnyOrder(a, b, c);
        assertThat(ids(team, "?state=FAILED&state=SUCCEEDED")).isEmpty();
        assertThat(ids(team, "?state=PENDING&state=QUEUED")).hasSize(3);
        assertThat(ids(team, "?created_after=" + before)).hasSize(3);
        assertThat(ids(team, "?created_before=" + before)).isEmpty();
        assertThat(ids(team, "?updated_after=" + before)).hasSize(3);
        assertThat(ids(team, "?artifact_type=PLAN")).isEmpty();
        assertThat(ids(team, "?schedule_id=nope")).isEmpty();
        String creator = team.get("/api/v1/agent/runs/" + a).json().get("creator").get("uid").stringValue();
        assertThat(ids(team, "?creator=" + creator)).hasSize(3);
        assertThat(ids(team, "?creator=00000000-0000-7000-8000-000000000000")).isEmpty();
        assertThat(ids(team, "?sort_by=title&sort_order=asc")).containsExactly(a, b, c);
        assertThat(ids(team, "?sort_by=created_at&sort_order=desc")).containsExactly(c, b, a);
        assertThat(ids(team, "?sort_by=agent&sort_order=asc").get(0)).isEqualTo(a);
    }

    @Test
    void pagesNeverRepeatOrSkipWhileRunsAreCreated() {
        Http team = newTeam();
        Set<String> existing = new HashSet<>();
        for (int i = 0; i < 7; i++) {
            existing.add(createRun(team, "{\"prompt\":\"run " + i + "\"}"));
        }
        List<String> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            JsonNode page = team.get("/api/v1/agent/runs?limit=3&sort_by=created_at" + (cursor == null ? "" : "&cursor=" + cursor)).json();
            page.get("runs").values().forEach(r -> seen.add(r.get("run_id").stringValue()));
            JsonNode info = page.get("page_info");
            cursor = info.get("has_next_page").booleanValue() ? info.get("next_cursor").stringValue() : null;
            if (cursor == null) {
                assertThat(info.has("next_cursor")).isFalse();
            }
            createRun(team, "{\"prompt\":\"inserted while paging\"}");
            pages++;
        } while (cursor != null);
        assertThat(pages).isEqualTo(3);
        assertThat(seen).doesNotHaveDuplicates();
        assertThat(seen).containsExactlyInAnyOrderElementsOf(existing);
    }

    @Test
    void aCursorIsOnlyValidWithItsFilters() {
        Http team = newTeam();
        for (int i = 0; i < 3; i++) {
            createRun(team, "{\"prompt\":\"r" + i + "\"}");
        }
        String cursor = team.get("/api/v1/agent/runs?limit=1").json().get("page_info").get("next_cursor").stringValue();
        assertThat(team.get("/api/v1/agent/runs?limit=1&cursor=" + cursor).status()).isEqualTo(200);
        assertProblem(team.get("/api/v1/agent/runs?limit=1&model_id=x&cursor=" + cursor), 400, "invalid_request");
        assertProblem(team.get("/api/v1/agent/runs?limit=1&sort_order=asc&cursor=" + cursor), 400, "invalid_request");
    }

    @Test
    void idempotentCreateReplaysTheFirstResponse() {
        Http team = newTeam();
        Map<String, String> headers = Map.of("Content-Type", "application/json", "Idempotency-Key", "retry-42");
        Http.Response first = team.send("POST", "/api/v1/agent/run", "{\"prompt\":\"once\",\"title\":\"t\"}", headers);
        assertThat(first.status()).isEqualTo(201);
        Http.Response again = team.send("POST", "/api/v1/agent/runs", "{ \"title\":\"t\", \"prompt\":\"once\" }", headers);
        assertThat(again.status()).as(again.toString()).isEqualTo(200);
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.json().get("run_id").stringValue()).isEqualTo(first.json().get("run_id").stringValue());
        assertThat(again.json().get("state").stringValue()).isEqualTo("QUEUED");
        assertProblem(team.send("POST", "/api/v1/agent/run", "{\"prompt\":\"other\"}", headers), 422, "invalid_request");
        assertThat(ids(team, "")).hasSize(1);
        // The key is the principal's: another principal may use the same key for its own run.
        String botId = team.post("/api/v1/admin/service-accounts", "{\"display_name\":\"bot\"}").json().get("uid").stringValue();
        Http other = team.withKey(team.post("/api/v1/admin/keys", "{\"principal_id\":\"" + botId + "\"}").json().get("key").stringValue());
        assertThat(other.send("POST", "/api/v1/agent/run", "{\"prompt\":\"once\",\"title\":\"t\"}", headers).status()).isEqualTo(201);
        assertThat(ids(team, "")).hasSize(2);
    }

    @Test
    void anotherTeamsRunsAndEnvironmentsAreInvisible() {
        Http teamA = newTeam();
        Http teamB = newTeam();
        String runA = createRun(teamA, "{\"prompt\":\"secret plan\"}");
        String envA = createEnvironment(teamA, "{\"name\":\"a-env\"}");
        JsonNode missing = assertProblem(teamB.get("/api/v1/agent/runs/" + runA), 404, "resource_not_found");
        JsonNode absent = assertProblem(teamB.get("/api/v1/agent/runs/" + java.util.UUID.randomUUID()), 404, "resource_not_found");
        assertThat(missing.get("title").stringValue()).isEqualTo(absent.get("title").stringValue());
        assertThat(ids(teamB, "")).isEmpty();
        assertThat(ids(teamB, "?q=secret")).isEmpty();
        assertProblem(teamB.get("/api/v1/agent/environments/" + envA), 404, "resource_not_found");
        assertProblem(teamB.delete("/api/v1/agent/environments/" + envA), 404, "resource_not_found");
        assertProblem(teamB.post("/api/v1/agent/run", "{\"prompt\":\"x\",\"config\":{\"environment_id\":\"" + envA + "\"}}"),
                422, "resource_not_found");
        assertThat(ids(teamB, "")).isEmpty();
        assertThat(teamA.get("/api/v1/agent/runs/" + runA).status()).isEqualTo(200);
    }

    @Test
    void environmentsCrud() {
        Http team = newTeam();
        JsonNode list = team.get("/api/v1/agent/environments").json();
        assertThat(list.get("environments")).hasSize(1);
        assertThat(list.get("environments").get(0).get("name").stringValue()).isEqualTo("default");
        assertThat(list.get("environments").get(0).get("is_default").booleanValue()).isTrue();

        Http.Response created = team.post("/api/v1/agent/environments", """
                {"name":"web","description":"the web app","docker_image":"node:20",
                 "repos":[{"url":"file:///tmp/repo.git","branch":"main"}],
                 "github_repos":[{"owner":"acme","repo":"site"}],
                 "setup_commands":["npm ci"],"is_default":true}""");
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        JsonNode env = created.json();
        String id = env.get("uid").stringValue();
        assertThat(created.header("Location")).endsWith("/api/v1/agent/environments/" + id);
        assertThat(env.get("repos")).hasSize(2);
        assertThat(env.get("repos").get(1).get("url").stringValue()).isEqualTo("https://github.com/acme/site");
        assertThat(env.get("setup_commands").get(0).stringValue()).isEqualTo("npm ci");
        assertThat(env.get("is_default").booleanValue()).isTrue();
        // At most one default per team: the old default lost the flag.
        JsonNode all = team.get("/api/v1/agent/environments").json().get("environments");
        assertThat(all.values().stream().filter(e -> e.get("is_default").booleanValue()).count()).isEqualTo(1);
        String runId = createRun(team, "{\"prompt\":\"x\"}");
        assertThat(team.get("/api/v1/agent/runs/" + runId).json().get("agent_config").get("environment_id").stringValue())
                .isEqualTo(id);

        Http.Response updated = team.put("/api/v1/agent/environments/" + id, "{\"name\":\"web2\",\"setup_commands\":[]}");
        assertThat(updated.status()).as(updated.toString()).isEqualTo(200);
        assertThat(updated.json().get("name").stringValue()).isEqualTo("web2");
        assertThat(updated.json().get("repos")).isEmpty();
        assertThat(team.get("/api/v1/agent/environments/" + id).json().get("name").stringValue()).isEqualTo("web2");
        assertThat(team.delete("/api/v1/agent/environments/" + id).status()).isEqualTo(204);
        assertProblem(team.get("/api/v1/agent/environments/" + id), 404, "resource_not_found");
        assertProblem(team.put("/api/v1/agent/environments/" + id, "{\"name\":\"x\"}"), 404, "resource_not_found");
    }

    @Test
    void withoutAnyDefaultEnvironmentCreateIs422() {
        Http team = newTeam();
        String defaultId = defaultEnvironmentId(team);
        assertThat(team.delete("/api/v1/agent/environments/" + defaultId).status()).isEqualTo(204);
        assertProblem(team.post("/api/v1/agent/run", "{\"prompt\":\"x\"}"), 422, "resource_not_found");
        assertThat(ids(team, "")).isEmpty();
    }

    @Test
    void skillsListAnswersTheAgentsShape() {
        Http team = newTeam();
        Http.Response r = team.get("/api/v1/agent");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().get("agents").isArray()).isTrue();
    }

    @Test
    void scopesAreEnforced() {
        Http team = newTeam();
        Http reader = keyWith(team, "runs:read");
        Http writer = keyWith(team, "runs:write");
        assertThat(reader.get("/api/v1/agent/runs").status()).isEqualTo(200);
        assertProblem(reader.post("/api/v1/agent/run", "{\"prompt\":\"x\"}"), 403, "not_authorized");
        assertProblem(reader.post("/api/v1/agent/environments", "{\"name\":\"x\"}"), 403, "not_authorized");
        assertProblem(writer.get("/api/v1/agent/runs"), 403, "not_authorized");
        assertThat(writer.post("/api/v1/agent/run", "{\"prompt\":\"x\"}").status()).isEqualTo(201);
        assertProblem(writer.get("/api/v1/admin/keys"), 403, "not_authorized");
        assertProblem(reader.post("/api/v1/admin/keys", "{}"), 403, "not_authorized");
    }

    @Test
    void revokedKeysAreRefusedAtOnce() {
        Http team = newTeam();
        Http.Response created = team.post("/api/v1/admin/keys", "{\"name\":\"ci\",\"scopes\":[\"runs:read\"]}");
        assertThat(created.status()).isEqualTo(201);
        JsonNode key = created.json();
        String secret = key.get("key").stringValue();
        assertThat(secret).startsWith("ar_").hasSizeGreaterThanOrEqualTo(3 + 22); // >= 128 random bits
        assertThat(secret).startsWith(key.get("prefix").stringValue());
        Http ci = team.withKey(secret);
        assertThat(ci.get("/api/v1/agent/runs").status()).isEqualTo(200);
        // Shown once: listings never carry the secret.
        String listing = team.get("/api/v1/admin/keys").body();
        assertThat(listing).contains(key.get("uid").stringValue()).doesNotContain(secret);
        assertThat(team.get("/api/v1/admin/keys/" + key.get("uid").stringValue()).body()).doesNotContain(secret);

        assertThat(team.delete("/api/v1/admin/keys/" + key.get("uid").stringValue()).status()).isEqualTo(204);
        assertProblem(ci.get("/api/v1/agent/runs"), 401, "authentication_required");
        JsonNode revoked = team.get("/api/v1/admin/keys/" + key.get("uid").stringValue()).json();
        assertThat(revoked.get("revoked_at").stringValue()).isNotBlank();
        // Another team cannot see or revoke this team's keys.
        Http other = newTeam();
        assertProblem(other.delete("/api/v1/admin/keys/" + key.get("uid").stringValue()), 404, "resource_not_found");
        assertThat(other.get("/api/v1/admin/keys").body()).doesNotContain(key.get("uid").stringValue());
    }

    @Test
    void expiredKeysAreRefused() throws InterruptedException {
        Http team = newTeam();
        Instant expiry = Instant.now().plusSeconds(2);
        Http.Response created = team.post("/api/v1/admin/keys",
                "{\"name\":\"short\",\"scopes\":[\"runs:read\"],\"expires_at\":\"" + expiry + "\"}");
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        Http shortLived = team.withKey(created.json().get("key").stringValue());
        assertThat(shortLived.get("/api/v1/agent/runs").status()).isEqualTo(200);
        while (Instant.now().isBefore(expiry.plusMillis(200))) {
            Thread.sleep(100);
        }
        assertProblem(shortLived.get("/api/v1/agent/runs"), 401, "authentication_required");
        assertProblem(team.post("/api/v1/admin/keys", "{\"expires_at\":\"2000-01-01T00:00:00Z\"}"), 400, "invalid_request");
    }

    @Test
    void adminManagesPrincipalsOfItsTeam() {
        Http team = newTeam();
        Http.Response user = team.post("/api/v1/admin/users", "{\"display_name\":\"Ada\",\"photo_url\":\"https://x/a.png\"}");
        assertThat(user.status()).as(user.toString()).isEqualTo(201);
        assertThat(user.json().get("type").stringValue()).isEqualTo("user");
        String uid = user.json().get("uid").stringValue();
        Http.Response sa = team.post("/api/v1/admin/service-accounts", "{\"display_name\":\"ci-bot\"}");
        assertThat(sa.json().get("type").stringValue()).isEqualTo("service_account");
        assertThat(team.get("/api/v1/admin/users").json().get("principals")).hasSize(1);
        assertThat(team.get("/api/v1/admin/service-accounts").json().get("principals")).hasSize(2); // + the team's admin
        Http.Response key = team.post("/api/v1/admin/keys", "{\"principal_id\":\"" + uid + "\"}");
        assertThat(key.status()).isEqualTo(201);
        assertThat(key.json().get("scopes").values().stream().map(JsonNode::stringValue).toList())
                .containsExactly("runs:read", "runs:write");
        Http ada = team.withKey(key.json().get("key").stringValue());
        String runId = createRun(ada, "{\"prompt\":\"by ada\",\"team\":true}");
        JsonNode run = ada.get("/api/v1/agent/runs/" + runId).json();
        assertThat(run.get("creator").get("display_name").stringValue()).isEqualTo("Ada");
        assertThat(run.get("creator").get("type").stringValue()).isEqualTo("user");
        assertThat(run.get("creator").get("photo_url").stringValue()).isEqualTo("https://x/a.png");
        assertThat(run.get("scope").get("type").stringValue()).isEqualTo("Team");
        JsonNode teams = team.get("/api/v1/admin/teams").json().get("teams");
        assertThat(teams).hasSize(1);
        // A principal of another team cannot hold this team's key.
        Http other = newTeam();
        assertProblem(other.post("/api/v1/admin/keys", "{\"principal_id\":\"" + uid + "\"}"), 422, "resource_not_found");
    }

    @Test
    void healthNeedsNoKey() {
        assertThat(anonymous().get("/healthz").status()).isEqualTo(200);
        Http.Response ready = anonymous().get("/readyz");
        assertThat(ready.status()).isEqualTo(200);
        assertThat(ready.json().get("status").stringValue()).isEqualTo("ok");
    }

    protected static List<String> ids(Http http, String query) {
        Http.Response r = http.get("/api/v1/agent/runs" + query);
        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        List<String> out = new ArrayList<>();
        r.json().get("runs").values().forEach(run -> out.add(run.get("run_id").stringValue()));
        return out;
    }

    protected static String defaultEnvironmentId(Http team) {
        for (JsonNode e : team.get("/api/v1/agent/environments").json().get("environments").values()) {
            if (e.get("is_default").booleanValue()) {
                return e.get("uid").stringValue();
            }
        }
        throw new AssertionError("no default environment");
    }

    protected static String createEnvironment(Http team, String body) {
        Http.Response r = team.post("/api/v1/agent/environments", body);
        assertThat(r.status()).as(r.toString()).isEqualTo(201);
        return r.json().get("uid").stringValue();
    }
}
