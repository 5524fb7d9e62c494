package io.agentruns.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Parsing, request shapes and exit codes of the CLI against a local stand-in of the service. */
class AgentrunsCommandTest {
    private HttpServer server;
    private final List<String> seen = new CopyOnWriteArrayList<>();
    private final List<Map<String, String>> headers = new CopyOnWriteArrayList<>();
    private volatile int status = 201;
    private volatile String answer = "{\"run_id\":\"r-1\",\"state\":\"QUEUED\"}";
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> {
            String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            seen.add(ex.getRequestMethod() + " " + ex.getRequestURI() + " " + body);
            headers.add(Map.of("source", String.valueOf(ex.getRequestHeaders().getFirst("X-Agentruns-Source")),
                    "auth", String.valueOf(ex.getRequestHeaders().getFirst("Authorization"))));
            byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(status, bytes.length);
            ex.getResponseBody().write(bytes);
            ex.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private int exec(String... args) {
        CommandLine cl = AgentrunsCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        String[] all = new String[args.length + 4];
        System.arraycopy(args, 0, all, 0, args.length);
        // Connection options belong to each subcommand: append them at the end.
        all[args.length] = "--base-url";
        all[args.length + 1] = "http://127.0.0.1:" + server.getAddress().getPort();
        all[args.length + 2] = "--api-key";
        all[args.length + 3] = "ak_cli";
        return cl.execute(all);
    }

    @Test
    void runPrintsTheIdAndMarksTheSourceCli(@TempDir Path dir) throws Exception {
        Path mcp = dir.resolve("fs.json");
        Files.writeString(mcp, "{\"command\":\"npx\",\"args\":[\"fs\"],\"env\":{\"K\":\"v\"}}");

        int code = exec("run", "fix the bug", "--name", "nightly", "--title", "T", "--environment", "env-1",
                "--model", "m-1", "--base-prompt", "be brief", "--worker-host", "gpu",
                "--mcp", "gh={\"url\":\"https://mcp.example/sse\"}", "--mcp", "fs=@" + mcp);

        assertThat(code).isZero();
        assertThat(out.toString().trim()).isEqualTo("r-1");
        assertThat(seen).hasSize(1);
        assertThat(seen.get(0)).startsWith("POST /api/v1/agent/runs {\"prompt\":\"fix the bug\",\"title\":\"T\","
                + "\"config\":{\"name\":\"nightly\",\"model_id\":\"m-1\",\"base_prompt\":\"be brief\","
                + "\"environment_id\":\"env-1\",\"mcp_servers\":{\"gh\":{\"url\":\"https://mcp.example/sse\"},"
                + "\"fs\":{\"command\":\"npx\",\"args\":[\"fs\"],\"env\":{\"K\":\"v\"}}},\"worker_host\":\"gpu\"}}");
        assertThat(headers.get(0)).containsEntry("source", "CLI").containsEntry("auth", "Bearer ak_cli");
    }

    @Test
    void usageErrorsExit2() {
        assertThat(exec("run")).isEqualTo(2);
        assertThat(exec("run", "p", "--wait", "--follow")).isEqualTo(2);
        assertThat(exec("run", "p", "--mcp", "nonsense")).isEqualTo(2);
        assertThat(exec("runs", "list", "--state", "SLEEPING")).isEqualTo(2);
        assertThat(exec("runs", "list", "--created-after", "yesterday")).isEqualTo(2);
        assertThat(exec("nosuchcommand")).isEqualTo(2);
        assertThat(seen).isEmpty();
    }

    @Test
    void apiErrorsExit3WithTheDetailOnOneLine() {
        status = 409;
        answer = "{\"title\":\"Conflict\",\"status\":409,\"detail\":\"run r-1 is already\\nSUCCEEDED\",\"error_code\":\"conflict\",\"retryable\":false}";

        int code = exec("runs", "cancel", "r-1", "--max-retries", "0");

        assertThat(code).isEqualTo(3);
        assertThat(seen).hasSize(1);
        assertThat(err.toString()).isEqualTo("error: 409 conflict: run r-1 is already SUCCEEDED" + System.lineSeparator());
    }

    @Test
    void listSendsEveryFilter() {
        status = 200;
        answer = "{\"runs\":[{\"run_id\":\"r-1\",\"title\":\"Fix it\",\"state\":\"FAILED\",\"source\":\"CLI\","
                + "\"agent_config\":{\"name\":\"nightly\"}}],\"page_info\":{\"has_next_page\":false}}";

        int code = exec("runs", "list", "--state", "FAILED", "--state", "CANCELLED", "--name", "nightly",
                "--config-name", "c", "--model", "m", "--creator", "u", "--source", "CLI", "--environment", "e",
                "--skill", "o/r:s", "--schedule", "s1", "--artifact-type", "PLAN",
                "--created-after", "2026-11-01T00:00:00Z", "--created-before", "2026-11-30T00:00:00Z",
                "--updated-after", "2026-11-02T00:00:00Z", "-q", "flaky test", "--sort-by", "created_at",
                "--sort-order", "asc", "--limit", "5");

        assertThat(code).isZero();
        assertThat(seen.get(0)).isEqualTo("GET /api/v1/agent/runs?state=FAILED&state=CANCELLED&name=nightly"
                + "&config_name=c&model_id=m&creator=u&source=CLI&environment_id=e&skill_spec=o%2Fr%3As&schedule_id=s1"
                + "&artifact_type=PLAN&created_after=2026-11-01T00%3A00%3A00Z&created_before=2026-11-30T00%3A00%3A00Z"
                + "&updated_after=2026-11-02T00%3A00%3A00Z&q=flaky+test&sort_by=created_at&sort_order=asc&limit=5 ");
        assertThat(out.toString()).contains("RUN ID").contains("r-1").contains("FAILED").contains("nightly");
    }

    @Test
    void completionScriptIsGenerated() {
        CommandLine cl = AgentrunsCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        assertThat(cl.execute("generate-completion")).isZero();
        assertThat(out.toString()).contains("complete -F").contains("runs").contains("environments");
    }
}
