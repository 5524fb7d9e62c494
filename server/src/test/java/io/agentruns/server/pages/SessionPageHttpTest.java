package io.agentruns.server.pages;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.core.event.EventType;
import io.agentruns.server.Http;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;

/** The session page over plain HTTP in the default capability mode: headers, assets, unknown ids. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SessionPageHttpTest extends PagesTestSupport {

    @Test
    void theSessionIdIsTheCapability() {
        Team team = newTeam();
        DrivenRun run = startRun(team, "cap", "p");
        run.emit(EventType.MODEL_MESSAGE, Map.of("role", "assistant", "text", "hello <i>there</i>"));
        Http anonymous = new Http(port, null);
        Http.Response page = anonymous.get(run.pagePath());
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.contentType()).startsWith("text/html");
        assertThat(page.header("Content-Security-Policy")).contains("script-src 'self'").doesNotContain("unsafe-inline");
        assertThat(page.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(page.body()).contains("hello &lt;i&gt;there&lt;/i&gt;", "/assets/pages/session.js", "data-stream=");
        // The run's API id is not a page id, and unknown ids are 404 pages (not problem JSON).
        assertThat(anonymous.get("/sessions/" + run.runId).status()).isEqualTo(404);
        Http.Response unknown = anonymous.get("/sessions/0123456789abcdef0123456789abcdef");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.contentType()).startsWith("text/html");
        assertThat(anonymous.get("/sessions/%3Cscript%3E").status()).isEqualTo(404);
    }

    @Test
    void assetsAreServedByUs() {
        Http anonymous = new Http(port, null);
        Http.Response css = anonymous.get("/assets/pages/session.css");
        assertThat(css.status()).isEqualTo(200);
        assertThat(css.contentType()).startsWith("text/css");
        Http.Response js = anonymous.get("/assets/pages/session.js");
        assertThat(js.status()).isEqualTo(200);
        assertThat(js.contentType()).startsWith("text/javascript");
        assertThat(js.body()).contains("EventSource").doesNotContain("http://", "https://");
    }

    @Test
    void thePageStreamFollowsTheRunWithRenderedFragments() throws Exception {
        Team team = newTeam();
        DrivenRun run = startRun(team, "frag", "p");
        try (SseClient sse = new SseClient("http://127.0.0.1:" + port + run.pagePath() + "/events?after=2", Map.of())) {
            assertThat(sse.status()).isEqualTo(200);
            run.emit(EventType.COMMAND, Map.of("command", "echo <b>", "exit_code", 0, "duration_ms", 1, "output", "<b>\n"));
            SseClient.Frame f = sse.nextEvent();
            assertThat(f.id()).isEqualTo("3");
            assertThat(f.data()).contains("echo &lt;b&gt;").doesNotContain("<b>");
        }
        assertThat(new Http(port, null).get("/sessions/0123456789abcdef0123456789abcdef/events").status()).isEqualTo(404);
    }
}
