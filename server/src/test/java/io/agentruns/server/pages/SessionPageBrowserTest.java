package io.agentruns.server.pages;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.core.event.EventType;
import io.agentruns.core.harness.RunOutcome;
import io.agentruns.core.run.Usage;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The session page in a real headless Chromium: a finished run reads completely (and nothing the
 * model or a command printed runs or renders as markup), and a running run updates live to its
 * final state without a reload. Screenshots (laptop and phone widths) go to target/screenshots.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SessionPageBrowserTest extends PagesTestSupport {
    /** Would change the title, or raise a flag, if it ever ran. */
    static final String INJECTION = "<script>document.title='pwned';window.pwned=1</script>"
            + "<img src=x onerror=\"document.title='pwned';window.pwned=1\"><b>not bold</b>";

    private ChromeDriver browser;

    @BeforeEach
    void openBrowser() {
        browser = Browser.open();
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    private String url(DrivenRun run) {
        return "http://127.0.0.1:" + port + run.pagePath();
    }

    private void emitTranscript(DrivenRun run) {
        run.emit(EventType.ENVIRONMENT_STEP, Map.of("step", "clone", "command", "git clone https://example.com/app.git",
                "exit_code", 0, "duration_ms", 812, "output", "Cloning into 'app'...\n"));
        run.emit(EventType.MODEL_MESSAGE, Map.of("role", "assistant", "text",
                "I will look at **FooTest** first.\n\n" + INJECTION + "\n\n- run the tests\n- fix `sleep()`"));
        run.emit(EventType.COMMAND, Map.of("command", "mvn -q test -Dtest=FooTest", "exit_code", 1, "duration_ms", 15320,
                "output", "[ERROR] FooTest.flaky:42 expected <true> but was <false>\n" + INJECTION + "\n", "truncated", false));
        run.emit(EventType.FILE_CHANGE, Map.of("path", "src/test/java/FooTest.java", "diff",
                "--- a/src/test/java/FooTest.java\n+++ b/src/test/java/FooTest.java\n@@ -40,3 +40,3 @@\n"
                        + "-    Thread.sleep(10);\n+    await().until(done::get);\n     assertTrue(done.get());\n"));
        run.emit(EventType.MCP_CALL, Map.of("server", "github", "tool", "create_pull_request",
                "arguments", Map.of("title", "Fix flaky FooTest"), "result", Map.of("number", 17)));
        run.emit(EventType.ERROR, Map.of("message", "rate limited by the model provider, retrying",
                "error_code", "resource_unavailable"));
    }

    @Test
    void finishedRunReadsCompletelyAndNothingInjectedRuns() throws Exception {
        Team team = newTeam();
        DrivenRun run = startRun(team, "Fix the flaky <b>FooTest</b>", "Please fix the flaky test in FooTest.java");
        emitTranscript(run);
        run.emit(EventType.OUTPUT, Map.of("text", "Fixed the flaky test.\n\n" + INJECTION));
        run.finish(new RunOutcome.Succeeded("Fixed the flaky test.\n\n" + INJECTION, new Usage(1200, 340, 0.01, 0), List.of()));

        browser.get(url(run));
        assertThat(browser.getTitle()).contains("Fix the flaky <b>FooTest</b>").doesNotContain("pwned");
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Fix the flaky <b>FooTest</b>");
        assertThat(browser.findElement(By.id("run-status")).getText()).contains("SUCCEEDED", "Created", "Finished");
        String meta = browser.findElement(By.cssSelector(".meta")).getText();
        assertThat(meta).contains("API", "test-model");
        String transcript = browser.findElement(By.id("events")).getText();
        assertThat(transcript).contains("git clone https://example.com/app.git", "mvn -q test -Dtest=FooTest",
                "exit 1", "15.3 s", "src/test/java/FooTest.java", "create_pull_request", "resource_unavailable",
                "I will look at FooTest first.");
        // Injection: the markup is visible as text and nothing of it became an element or ran.
        assertThat(transcript).contains("<script>document.title='pwned';window.pwned=1</script>");
        assertThat(browser.findElements(By.cssSelector("main script, main img, main b"))).isEmpty();
        assertThat(browser.findElements(By.tagName("script"))).isEmpty(); // a finished page needs no script at all
        assertThat(browser.executeScript("return window.pwned === undefined")).isEqualTo(true);
        assertThat(browser.findElement(By.id("outcome")).getText()).contains("Final answer", "Fixed the flaky test.",
                "<script>document.title='pwned'");
        // Command output is collapsed until opened.
        WebElement output = browser.findElement(By.cssSelector(".ev-command details.output pre"));
        assertThat(output.isDisplayed()).isFalse();
        browser.findElement(By.cssSelector(".ev-command details.output summary")).click();
        assertThat(output.isDisplayed()).isTrue();
        assertThat(output.getText()).contains("expected <true> but was <false>", "<img src=x onerror=");
        assertThat(browser.executeScript("return window.pwned === undefined")).isEqualTo(true);
        assertThat(browser.getTitle()).doesNotContain("pwned");

        Browser.screenshot(browser, "session-finished-laptop", 1280);
        Browser.screenshot(browser, "session-finished-phone", 390);
        // On a phone nothing is wider than the screen.
        assertThat((Long) browser.executeScript("return document.documentElement.scrollWidth"))
                .isLessThanOrEqualTo((Long) browser.executeScript("return window.innerWidth"));
    }

    @Test
    void runningRunUpdatesLiveToItsFinalStateWithoutAReload() throws Exception {
        Team team = newTeam();
        DrivenRun run = startRun(team, "Live run", "Follow me");
        run.emit(EventType.MODEL_MESSAGE, Map.of("role", "assistant", "text", "Starting."));

        browser.get(url(run));
        Browser.Wait wait = new Browser.Wait(browser, Duration.ofSeconds(20));
        assertThat(browser.findElement(By.id("run-status")).getText()).contains("INPROGRESS");
        wait.until(d -> d.findElement(By.id("live")).getText().contains("Live"));
        int before = browser.findElements(By.cssSelector("#events > li")).size();
        browser.executeScript("window.stillTheSamePage = true");
        Browser.screenshot(browser, "session-running-laptop", 1280);

        run.emit(EventType.COMMAND, Map.of("command", "./gradlew test", "exit_code", 0, "duration_ms", 2300,
                "output", INJECTION + "\nBUILD SUCCESSFUL\n"));
        wait.until(d -> d.findElement(By.id("events")).getText().contains("./gradlew test"));
        run.emit(EventType.MODEL_MESSAGE, Map.of("role", "assistant", "text", "All green: " + INJECTION));
        run.emit(EventType.OUTPUT, Map.of("text", "Everything passes now."));
        run.finish(new RunOutcome.Succeeded("Everything passes now.", Usage.NONE, List.of()));

        wait.until(d -> d.findElement(By.id("run-status")).getText().contains("SUCCEEDED"));
        wait.until(d -> d.findElement(By.id("outcome")).isDisplayed());
        assertThat(browser.findElement(By.id("outcome")).getText()).contains("Final answer", "Everything passes now.");
        assertThat(browser.findElement(By.id("live")).isDisplayed()).isFalse();
        assertThat(browser.findElements(By.cssSelector("#events > li"))).hasSize(before + 4);
        assertThat(browser.executeScript("return window.stillTheSamePage === true")).isEqualTo(true);
        // Live fragments are as inert as the first render.
        assertThat(browser.findElements(By.cssSelector("main script, main img, main b"))).isEmpty();
        assertThat(browser.executeScript("return window.pwned === undefined")).isEqualTo(true);
        assertThat(browser.findElement(By.id("events")).getText()).contains("All green: <script>");
        Browser.screenshot(browser, "session-live-final-laptop", 1280);
        Browser.screenshot(browser, "session-live-final-phone", 390);
    }
}
