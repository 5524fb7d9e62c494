package io.agentruns.server.pages;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.server.Http;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * AGENTRUNS_SESSION_PAGES=authenticated: the page asks for an API key once, then an HttpOnly
 * SameSite cookie holds the session; only the run's team sees the run (invariant 7).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "agentruns.session-pages=authenticated")
class SessionPageAuthenticatedTest extends PagesTestSupport {

    private static String form(String key) {
        return "api_key=" + URLEncoder.encode(key, StandardCharsets.UTF_8);
    }

    private static String cookieOf(Http.Response r) {
        String setCookie = r.header("Set-Cookie");
        assertThat(setCookie).isNotNull();
        return setCookie.substring(0, setCookie.indexOf(';'));
    }

    @Test
    void signInWithAKeyThenACookieOfTheRunsTeam() {
        Team team = newTeam();
        Team other = newTeam();
        DrivenRun run = startRun(team, "secret run", "p");
        Http anonymous = new Http(port, null);

        Http.Response asked = anonymous.get(run.pagePath());
        assertThat(asked.status()).isEqualTo(401);
        assertThat(asked.body()).contains("<form method=\"post\"", "api_key").doesNotContain("secret run");
        // The same answer for a session that does not exist: nothing leaks before sign-in.
        assertThat(anonymous.get("/sessions/0123456789abcdef0123456789abcdef").status()).isEqualTo(401);
        assertThat(anonymous.get(run.pagePath() + "/events").status()).isEqualTo(404);

        Map<String, String> formHeaders = Map.of("Content-Type", "application/x-www-form-urlencoded");
        Http.Response wrong = anonymous.send("POST", run.pagePath() + "/sign-in", form("ar_wrong"), formHeaders);
        assertThat(wrong.status()).isEqualTo(401);
        assertThat(wrong.header("Set-Cookie")).isNull();

        Http.Response signedIn = anonymous.send("POST", run.pagePath() + "/sign-in", form(team.key()), formHeaders);
        assertThat(signedIn.status()).isEqualTo(303);
        assertThat(signedIn.header("Location")).isEqualTo(run.pagePath());
        assertThat(signedIn.header("Set-Cookie")).contains("HttpOnly", "SameSite=Lax", "Path=/sessions")
                .doesNotContain(team.key());
        String cookie = cookieOf(signedIn);
        Http.Response page = anonymous.send("GET", run.pagePath(), null, Map.of("Cookie", cookie));
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body()).contains("secret run");

        Http.Response otherSignIn = anonymous.send("POST", run.pagePath() + "/sign-in", form(other.key()), formHeaders);
        String otherCookie = cookieOf(otherSignIn);
        assertThat(anonymous.send("GET", run.pagePath(), null, Map.of("Cookie", otherCookie)).status()).isEqualTo(404);
        assertThat(anonymous.send("GET", run.pagePath(), null, Map.of("Cookie", "agentruns_page_session=forged")).status())
                .isEqualTo(401);
    }
}
