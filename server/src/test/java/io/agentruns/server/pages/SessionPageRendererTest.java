package io.agentruns.server.pages;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.run.Run;
import io.agentruns.core.run.RunState;
import io.agentruns.core.run.StatusMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SessionPageRendererTest {
    private final SessionPageRenderer renderer = new SessionPageRenderer();

    @Test
    void finishedRunShowsEverythingEscapedAndNoScriptTag() throws Exception {
        Run run = SampleRuns.run(RunState.SUCCEEDED, "Fixed it. " + SampleRuns.SCRIPT, null);
        String html = renderer.page(new SessionPageRenderer.View(run, SampleRuns.events(run.id(), true), "Default env", null));
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/session-page-sample.html"), html);

        assertThat(html).contains("Fix the flaky &lt;b&gt;test&lt;/b&gt;").contains("SUCCEEDED").contains("Ada Lovelace")
                .contains("claude-sonnet-4").contains("Default env").contains("API")
                .contains("Please fix the flaky test in\nFooTest.java")
                .contains("mvn -q test -Dtest=FooTest").contains("exit 1").contains("15.3 s")
                .contains("<details class=\"output\">").contains("d-add").contains("create_pull_request")
                .contains("resource_unavailable").contains("Final answer");
        // Invariant 8: MCP env values never reach a page.
        assertThat(html).doesNotContain("ghp_SECRET_VALUE").contains("&quot;GITHUB_TOKEN&quot; : &quot;***&quot;");
        // No markup from the model or command output: our page has no <script> and no <img> at all.
        assertThat(html).doesNotContain("<script").doesNotContain("<img").doesNotContain("onerror=\"");
        assertThat(html).contains("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;");
    }

    @Test
    void activeRunLoadsTheScriptAndNamesTheStream() {
        Run run = SampleRuns.run(RunState.INPROGRESS, null, null);
        String html = renderer.page(new SessionPageRenderer.View(run, SampleRuns.events(run.id(), false), null, "/sessions/x/events"));
        assertThat(html).contains("<script src=\"/assets/pages/session.js\" defer></script>")
                .contains("data-stream=\"/sessions/x/events\"").contains("data-last-seq=\"10\"")
                .contains("<section id=\"outcome\" class=\"card outcome\" hidden>");
    }

    @Test
    void failedRunShowsTheReasonWithItsErrorCode() {
        Run run = SampleRuns.run(RunState.FAILED, null,
                new StatusMessage("setup command failed: <npm ci>", ErrorCode.ENVIRONMENT_SETUP_FAILED, false));
        String html = renderer.page(new SessionPageRenderer.View(run, SampleRuns.events(run.id(), false), null, null));
        assertThat(html).contains("<h2>Failed</h2>").contains("setup command failed: &lt;npm ci&gt;")
                .contains("<code class=\"error-code\">environment_setup_failed</code>").doesNotContain("<script");
    }

    @Test
    void agentEventShapesRender() {
        java.util.UUID run = java.util.UUID.randomUUID();
        TranscriptRenderer r = new TranscriptRenderer();
        String clone = r.render(new io.agentruns.core.event.RunEvent(run, 3, io.agentruns.core.event.EventType.ENVIRONMENT_STEP,
                SampleRuns.T0, SampleRuns.map("step", "clone", "repo", "https://example.com/<x>.git", "branch", "main",
                        "exit_code", 128, "duration_ms", 40, "output", "fatal: <nope>")));
        assertThat(clone).contains("<strong>clone</strong>", "https://example.com/&lt;x&gt;.git", "exit 128", "40 ms",
                "fatal: &lt;nope&gt;").doesNotContain("<x>");
        String cmd = r.render(new io.agentruns.core.event.RunEvent(run, 4, io.agentruns.core.event.EventType.COMMAND,
                SampleRuns.T0, SampleRuns.map("command", "sleep 99", "cwd", "src", "exit_code", -1, "duration_ms", 120000,
                        "output", "", "timed_out", true)));
        assertThat(cmd).contains("in src", "timed out", "exit -1", "2 min 0 s");
        String user = r.render(new io.agentruns.core.event.RunEvent(run, 5, io.agentruns.core.event.EventType.MODEL_MESSAGE,
                SampleRuns.T0, SampleRuns.map("role", "user", "text", "do it")));
        assertThat(user).contains(">User<");
        String file = r.render(new io.agentruns.core.event.RunEvent(run, 6, io.agentruns.core.event.EventType.FILE_CHANGE,
                SampleRuns.T0, SampleRuns.map("path", "a.txt", "change", "created", "diff", "+hello")));
        assertThat(file).contains("created", "d-add");
    }
}
