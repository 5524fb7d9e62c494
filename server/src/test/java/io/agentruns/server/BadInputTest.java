package io.agentruns.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.test.context.SpringBootTest;
import tools.jackson.databind.JsonNode;

/**
 * Table-driven bad input: every case must answer the expected status with a problem+json body
 * naming the problem, and store nothing (the team still has no runs and only its default
 * environment). Invariant 10: never a 5xx for bad input.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BadInputTest extends ApiTestSupport {
    private static final String RUN = "/api/v1/agent/run";
    private static final String RUNS = "/api/v1/agent/runs";
    private static final String ENVS = "/api/v1/agent/environments";
    private static final String JSON = "application/json";

    private Http team;
    private Http reader;

    /** One bad request: {@code auth} is "team", "reader", "none" or a literal Authorization header. */
    record Case(String name, String method, String path, String contentType, String auth, String body, byte[] bytes,
                int status, String errorCode, String detailContains) {
        @Override
        public String toString() {
            return name;
        }
    }

    @BeforeAll
    void createTeam() {
        team = newTeam();
        reader = keyWith(team, "runs:read");
    }

    static Case post(String name, String body, int status, String code, String detail) {
        return new Case(name, "POST", RUN, JSON, "team", body, null, status, code, detail);
    }

    static Case run400(String name, String body, String detail) {
        return post(name, body, 400, "invalid_request", detail);
    }

    static Case list400(String name, String query, String detail) {
        return new Case(name, "GET", RUNS + query, null, "team", null, null, 400, "invalid_request", detail);
    }

    static Case env400(String name, String body, String detail) {
        return new Case(name, "POST", ENVS, JSON, "team", body, null, 400, "invalid_request", detail);
    }

    static Case auth401(String name, String header) {
        return new Case(name, "GET", RUNS, null, header, null, null, 401, "authentication_required", null);
    }

    static String servers(int n) {
        StringBuilder s = new StringBuilder("{");
        for (int i = 0; i < n; i++) {
            s.append(i == 0 ? "" : ",").append("\"s").append(i).append("\":{\"warp_id\":\"w\"}");
        }
        return s.append('}').toString();
    }

    Stream<Arguments> cases() {
        List<Case> c = new ArrayList<>();
        // Malformed bodies
        c.add(run400("malformed JSON", "{\"prompt\":", "not valid JSON"));
        c.add(run400("trailing garbage", "{\"prompt\":\"x\"} }", "not valid JSON"));
        c.add(run400("empty body", "", "missing"));
        c.add(run400("array body", "[]", "JSON object"));
        c.add(run400("string body", "\"hello\"", "JSON object"));
        c.add(run400("null body", "null", null));
        c.add(run400("deeply nested JSON", "{\"prompt\":\"x\",\"a\":" + "[".repeat(3000) + "]".repeat(3000) + "}", null));
        // prompt and title
        c.add(run400("prompt missing", "{}", "prompt"));
        c.add(run400("prompt null", "{\"prompt\":null}", "prompt"));
        c.add(run400("prompt number", "{\"prompt\":42}", "prompt"));
        c.add(run400("prompt object", "{\"prompt\":{\"text\":\"x\"}}", "prompt"));
        c.add(run400("prompt blank", "{\"prompt\":\" \\n\\t \"}", "prompt"));
        c.add(run400("prompt over 100,000 characters", "{\"prompt\":\"" + "a".repeat(100_001) + "\"}", "prompt"));
        c.add(run400("prompt over 100,000 unicode code points", "{\"prompt\":\"" + "\uD83D\uDE00".repeat(100_001) + "\"}", "prompt"));
        c.add(run400("prompt with NUL", "{\"prompt\":\"a\\u0000b\"}", "prompt"));
        c.add(run400("title over 256 characters", "{\"prompt\":\"x\",\"title\":\"" + "t".repeat(257) + "\"}", "title"));
        c.add(run400("title boolean", "{\"prompt\":\"x\",\"title\":true}", "title"));
        c.add(run400("team not boolean", "{\"prompt\":\"x\",\"team\":\"yes\"}", "team"));
        // config
        c.add(run400("config not object", "{\"prompt\":\"x\",\"config\":\"fast\"}", "config"));
        c.add(run400("model_id number", "{\"prompt\":\"x\",\"config\":{\"model_id\":7}}", "config.model_id"));
        c.add(run400("name array", "{\"prompt\":\"x\",\"config\":{\"name\":[\"a\"]}}", "config.name"));
        c.add(run400("computer_use_enabled as string", "{\"prompt\":\"x\",\"config\":{\"computer_use_enabled\":\"true\"}}", "config.computer_use_enabled"));
        c.add(run400("idle_timeout_minutes fraction", "{\"prompt\":\"x\",\"config\":{\"idle_timeout_minutes\":1.5}}", "config.idle_timeout_minutes"));
        c.add(run400("idle_timeout_minutes negative", "{\"prompt\":\"x\",\"config\":{\"idle_timeout_minutes\":-1}}", "config.idle_timeout_minutes"));
        c.add(run400("worker_host with spaces", "{\"prompt\":\"x\",\"config\":{\"worker_host\":\"a b\"}}", "config.worker_host"));
        // skills
        c.add(run400("skill_spec without repo", "{\"prompt\":\"x\",\"config\":{\"skill_spec\":\"just-a-name\"}}", "config.skill_spec"));
        c.add(run400("skill_spec path not SKILL.md", "{\"prompt\":\"x\",\"config\":{\"skill_spec\":\"o/r:docs/README.md\"}}", "config.skill_spec"));
        c.add(run400("skill_spec with ..", "{\"prompt\":\"x\",\"config\":{\"skill_spec\":\"o/r:../x/SKILL.md\"}}", "config.skill_spec"));
        c.add(run400("skill without owner", "{\"skill\":\"repo:name\"}", "skill"));
        c.add(run400("skill number", "{\"skill\":5}", "skill"));
        // MCP servers
        c.add(run400("mcp_servers array", "{\"prompt\":\"x\",\"config\":{\"mcp_servers\":[]}}", "config.mcp_servers"));
        c.add(run400("51 MCP servers", "{\"prompt\":\"x\",\"config\":{\"mcp_servers\":" + servers(51) + "}}", "config.mcp_servers"));
        c.add(run400("MCP server with none of command/url/warp_id", "{\"prompt\":\"x\",\"config\":{\"mcp_servers\":{\"a\":{}}}}", "config.mcp_servers.a"));
        c.add(run400("MCP server with command and url", "{\"prompt\":\"x\",\"config\":{\"mcp_servers\":{\"a\":{\"command\":\"c\",\"url\":\"https://x\"}}}}", "config.mcp_servers.a"));
        c.add(run400("MCP server with all three", "{\"prompt\":\"x\",\"config\":{\"mcp_servers\":{\"a\":{\"command\":\"c\",\"url\":\"https://x\",\"warp_id\":\"w\"}}}}", "config.mcp_servers.a"));
        c.add(run400("MCP server not an object", "{\"prompt\":\"x\",\"config\":{\"mcp_servers\":{\"a\":\"npx\"}}}", "config.mcp_servers.a"));
        c.add(run400("MCP args not array", "{\"prompt\":\"x\",\"config\":{\"mcp_servers\":{\"a\":{\"command\":\"c\",\"args\":\"-y\"}}}}", "config.mcp_servers.a.args"));
        c.add(run400("MCP args item number", "{\"prompt\":\"x\",\"config\":{\"mcp_servers\":{\"a\":{\"command\":\"c\",\"args\":[1]}}}}", "config.mcp_servers.a.args[0]"));
        c.add(run400("MCP env value number", "{\"prompt\":\"x\",\"config\":{\"mcp_servers\":{\"a\":{\"command\":\"c\",\"env\":{\"K\":1}}}}}", "config.mcp_servers.a.env.K"));
        c.add(run400("MCP url not http", "{\"prompt\":\"x\",\"config\":{\"mcp_servers\":{\"a\":{\"url\":\"ftp://x\"}}}}", "config.mcp_servers.a.url"));
        c.add(run400("MCP bad server name", "{\"prompt\":\"x\",\"config\":{\"mcp_servers\":{\"a b/c\":{\"warp_id\":\"w\"}}}}", "config.mcp_servers"));
        // environments referenced by runs
        c.add(post("unknown environment_id", "{\"prompt\":\"x\",\"config\":{\"environment_id\":\"" + UUID.randomUUID() + "\"}}",
                422, "resource_not_found", "config.environment_id"));
        c.add(post("environment_id not a UUID", "{\"prompt\":\"x\",\"config\":{\"environment_id\":\"prod\"}}",
                422, "resource_not_found", "config.environment_id"));
        // headers, content type, size
        c.add(new Case("wrong content type", "POST", RUN, "text/plain", "team", "{\"prompt\":\"x\"}", null, 415, "invalid_request", "Content-Type"));
        c.add(new Case("form content type", "POST", RUN, "application/x-www-form-urlencoded", "team", "prompt=x", null, 415, "invalid_request", null));
        c.add(new Case("no content type", "POST", RUN, null, "team", "{\"prompt\":\"x\"}", null, 415, "invalid_request", null));
        c.add(new Case("body over 1 MiB", "POST", RUN, JSON, "team", null,
                ("{\"prompt\":\"" + "a".repeat(1_100_000) + "\"}").getBytes(StandardCharsets.UTF_8), 413, "invalid_request", "larger than"));
        c.add(new Case("chunked body over 1 MiB", "POST", RUN, JSON, "team", "chunked",
                ("{\"prompt\":\"" + "a".repeat(1_100_000) + "\"}").getBytes(StandardCharsets.UTF_8), 413, "invalid_request", "larger than"));
        c.add(new Case("Idempotency-Key too long", "POST", RUN, JSON, "team|Idempotency-Key=" + "k".repeat(300),
                "{\"prompt\":\"x\"}", null, 400, "invalid_request", "Idempotency-Key"));
        c.add(new Case("unknown run source header", "POST", RUN, JSON, "team|X-Agentruns-Source=EMAIL",
                "{\"prompt\":\"x\"}", null, 400, "invalid_request", "EMAIL"));
        // auth
        c.add(auth401("missing Authorization", "none"));
        c.add(auth401("Basic instead of Bearer", "Basic dXNlcjpwYXNz"));
        c.add(auth401("Bearer without key", "Bearer "));
        c.add(auth401("unknown key", "Bearer ar_unknownkey000000000000000000000"));
        c.add(auth401("key with unicode", "Bearer ar_\u00e9\u00e9"));
        c.add(new Case("read-only key creates", "POST", RUN, JSON, "reader", "{\"prompt\":\"x\"}", null, 403, "not_authorized", "runs:write"));
        c.add(new Case("non-admin lists keys", "GET", "/api/v1/admin/keys", null, "reader", null, null, 403, "not_authorized", "admin"));
        // list parameters
        c.add(list400("unknown state", "?state=RUNNING", "state"));
        c.add(list400("one bad state among good", "?state=QUEUED&state=nope", "state"));
        c.add(list400("unknown source", "?source=EMAIL", "source"));
        c.add(list400("unknown sort_by", "?sort_by=size", "sort_by"));
        c.add(list400("unknown sort_order", "?sort_order=up", "sort_order"));
        c.add(list400("limit 0", "?limit=0", "limit"));
        c.add(list400("limit 101", "?limit=101", "limit"));
        c.add(list400("limit not a number", "?limit=ten", "limit"));
        c.add(list400("created_after not a timestamp", "?created_after=yesterday", "created_after"));
        c.add(list400("created_before impossible date", "?created_before=2026-13-45T00:00:00Z", "created_before"));
        c.add(list400("updated_after epoch seconds", "?updated_after=1700000000", "updated_after"));
        c.add(list400("timestamp without zone", "?created_after=2026-01-01T00:00:00", "created_after"));
        c.add(list400("garbage cursor", "?cursor=!!garbage~~", "cursor"));
        c.add(list400("base64 cursor of something else", "?cursor=aGVsbG8gd29ybGQ", "cursor"));
        c.add(list400("model_id given twice", "?model_id=a&model_id=b", "model_id"));
        c.add(list400("name and config_name differ", "?name=a&config_name=b", "name"));
        c.add(list400("artifact_type lowercase junk", "?artifact_type=plan;drop", "artifact_type"));
        // environments
        c.add(env400("environment without name", "{}", "name"));
        c.add(env400("environment name number", "{\"name\":3}", "name"));
        c.add(env400("environment repos not array", "{\"name\":\"e\",\"repos\":\"git://x\"}", "repos"));
        c.add(env400("environment repo without url", "{\"name\":\"e\",\"repos\":[{\"branch\":\"main\"}]}", "repos[0].url"));
        c.add(env400("environment repo url as option", "{\"name\":\"e\",\"repos\":[{\"url\":\"--upload-pack=evil\"}]}", "repos[0].url"));
        c.add(env400("github repo bad owner", "{\"name\":\"e\",\"github_repos\":[{\"owner\":\"a/b\",\"repo\":\"r\"}]}", "github_repos[0].owner"));
        c.add(env400("setup_commands not strings", "{\"name\":\"e\",\"setup_commands\":[1,2]}", "setup_commands[0]"));
        c.add(env400("is_default as string", "{\"name\":\"e\",\"is_default\":\"yes\"}", "is_default"));
        // admin bodies
        c.add(new Case("key with unknown scope", "POST", "/api/v1/admin/keys", JSON, "team", "{\"scopes\":[\"root\"]}", null, 400, "invalid_request", "scopes"));
        c.add(new Case("key with bad expiry", "POST", "/api/v1/admin/keys", JSON, "team", "{\"expires_at\":\"soon\"}", null, 400, "invalid_request", "expires_at"));
        // routes
        c.add(new Case("run id not a UUID", "GET", RUNS + "/not-a-uuid", null, "team", null, null, 404, "resource_not_found", null));
        c.add(new Case("unknown route", "GET", "/api/v1/nope", null, "team", null, null, 404, "resource_not_found", "no route"));
        c.add(new Case("wrong method", "PUT", RUN, JSON, "team", "{\"prompt\":\"x\"}", null, 405, "invalid_request", "PUT"));
        return c.stream().map(Arguments::of);
    }

    @Test
    void thereAreAtLeastFortyCases() {
        assertThat(cases().count()).isGreaterThanOrEqualTo(40);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void badInputIsRefusedAndChangesNothing(Case c) throws Exception {
        HttpResponse<String> raw = send(c);
        Http.Response r = new Http.Response(raw.statusCode(), raw);
        JsonNode problem = assertProblem(r, c.status(), c.errorCode());
        if (c.detailContains() != null) {
            assertThat(problem.get("detail").stringValue()).as(r.toString()).contains(c.detailContains());
        }
        assertThat(problem.get("retryable").booleanValue()).isFalse();
        assertThat(team.get(RUNS).json().get("runs")).as("no run stored").isEmpty();
        assertThat(team.get(ENVS).json().get("environments")).as("no environment stored").hasSize(1);
    }

    private HttpResponse<String> send(Case c) throws Exception {
        Map<String, String> headers = new LinkedHashMap<>();
        String[] auth = c.auth().split("\\|", 2);
        switch (auth[0]) {
            case "team" -> headers.put("Authorization", "Bearer " + keyOf(team));
            case "reader" -> headers.put("Authorization", "Bearer " + keyOf(reader));
            case "none" -> { }
            default -> headers.put("Authorization", auth[0]);
        }
        if (auth.length > 1) {
            String[] kv = auth[1].split("=", 2);
            headers.put(kv[0], kv[1]);
        }
        if (c.contentType() != null) {
            headers.put("Content-Type", c.contentType());
        }
        HttpRequest.BodyPublisher body;
        if (c.bytes() != null && "chunked".equals(c.body())) {
            body = HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(c.bytes()));
        } else if (c.bytes() != null) {
            body = HttpRequest.BodyPublishers.ofByteArray(c.bytes());
        } else if (c.body() != null) {
            body = HttpRequest.BodyPublishers.ofString(c.body());
        } else {
            body = HttpRequest.BodyPublishers.noBody();
        }
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + c.path())).method(c.method(), body);
        headers.forEach(b::header);
        try (HttpClient client = HttpClient.newHttpClient()) {
            return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
        }
    }

    private static String keyOf(Http http) {
        return http.key();
    }
}
