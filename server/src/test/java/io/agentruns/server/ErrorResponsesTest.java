package io.agentruns.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;

/** Errors are problem+json whatever the client accepts: never HTML, never a stack trace. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ErrorResponsesTest extends ApiTestSupport {

    @Test
    void unknownRoutesAnswerProblemJsonEvenToBrowsers() {
        Map<String, String> browser = Map.of("Accept", "text/html,application/xhtml+xml");
        assertProblem(admin().send("GET", "/api/v1/nothing/here", null, browser), 404, "resource_not_found");
        assertProblem(anonymous().send("GET", "/favicon.ico", null, browser), 404, "resource_not_found");
        assertProblem(anonymous().send("GET", "/", null, browser), 404, "resource_not_found");
        assertProblem(admin().send("GET", "/api/v1/agent/runs/" + java.util.UUID.randomUUID(), null, browser),
                404, "resource_not_found");
        // A real browser also accepts */*: it gets the JSON.
        Http.Response list = admin().send("GET", "/api/v1/agent/runs", null,
                Map.of("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"));
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.contentType()).startsWith("application/json");
    }

    @Test
    void theErrorPathItselfIsProblemJson() {
        Http.Response r = anonymous().send("GET", "/error", null, Map.of("Accept", "text/html"));
        assertThat(r.status()).isGreaterThanOrEqualTo(400);
        assertThat(r.contentType()).startsWith("application/problem+json");
        assertThat(r.body()).doesNotContain("<html", "Whitelabel");
    }

    @Test
    void methodNotAllowedNamesTheAllowedMethods() {
        Http.Response r = admin().delete("/api/v1/agent/runs");
        assertProblem(r, 405, "invalid_request");
        assertThat(r.header("Allow")).contains("GET", "POST");
    }

    @Test
    void unauthenticatedAnswersCarryWwwAuthenticate() {
        Http.Response r = anonymous().get("/api/v1/agent/runs");
        assertProblem(r, 401, "authentication_required");
        assertThat(r.json().get("instance").stringValue()).isEqualTo("/api/v1/agent/runs");
        assertThat(r.json().get("type").stringValue()).isEqualTo("https://agentruns.dev/errors/authentication_required");
        assertThat(r.header("X-Trace-Id")).isEqualTo(r.json().get("trace_id").stringValue());
    }
}
