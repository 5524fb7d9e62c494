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
}
