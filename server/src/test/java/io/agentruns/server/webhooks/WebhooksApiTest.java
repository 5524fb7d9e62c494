package io.agentruns.server.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.core.harness.RunOutcome;
import io.agentruns.core.run.Usage;
import io.agentruns.server.Http;
import io.agentruns.server.pages.PagesTestSupport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import tools.jackson.databind.JsonNode;

/**
 * /api/v1/webhooks over real HTTP, and a real run's state change delivered to a local receiver that
 * verifies the Standard Webhooks signature; the receiver fails twice before it accepts.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class WebhooksApiTest extends PagesTestSupport {

    @Test
    void crudShowsTheSecretOnceAndKeepsTeamsApart() {
        Team team = newTeam();
        Http.Response created = team.http().post("/api/v1/webhooks",
                Map.of("url", "http://127.0.0.1:9/hook", "event_types", List.of("run.failed", "run.succeeded"),
                        "description", "ci"));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        JsonNode hook = created.json();
        String id = hook.get("id").stringValue();
        assertThat(hook.get("secret").stringValue()).startsWith("whsec_");
        assertThat(created.header("Location")).endsWith("/api/v1/webhooks/" + id);

        Http.Response got = team.http().get("/api/v1/webhooks/" + id);
        assertThat(got.status()).isEqualTo(200);
        assertThat(got.json().has("secret")).isFalse();
        assertThat(got.body()).doesNotContain("whsec_");
        assertThat(got.json().get("event_types").toString()).isEqualTo("[\"run.failed\",\"run.succeeded\"]");
        assertThat(team.http().get("/api/v1/webhooks").json().get("webhooks")).hasSize(1);

        Http.Response updated = team.http().put("/api/v1/webhooks/" + id, "{\"enabled\":false,\"event_types\":[\"run.state_changed\"]}");
        assertThat(updated.status()).as(updated.toString()).isEqualTo(200);
        assertThat(updated.json().get("enabled").booleanValue()).isFalse();
        assertThat(updated.json().get("url").stringValue()).isEqualTo("http://127.0.0.1:9/hook");

        // Another team: exactly like a webhook that does not exist (invariant 7).
        Team other = newTeam();
        assertThat(other.http().get("/api/v1/webhooks/" + id).status()).isEqualTo(404);
        assertThat(other.http().delete("/api/v1/webhooks/" + id).status()).isEqualTo(404);
        assertThat(other.http().get("/api/v1/webhooks/" + id + "/deliveries").status()).isEqualTo(404);
        assertThat(other.http().get("/api/v1/webhooks").json().get("webhooks")).isEmpty();

        assertThat(team.http().delete("/api/v1/webhooks/" + id).status()).isEqualTo(204);
        assertThat(team.http().get("/api/v1/webhooks/" + id).status()).isEqualTo(404);
    }

    @Test
    void badTargetsAndBodiesAreProblems() {
        Team team = newTeam();
        for (String body : new String[] {
                "{\"url\":\"ftp://example.com/x\"}", "{\"url\":\"javascript:alert(1)\"}", "{\"url\":\"not a url\"}",
                "{}", "{\"url\":42}", "{\"url\":\"http://127.0.0.1/x\",\"event_types\":[\"run.exploded\"]}",
                "{\"url\":\"http://127.0.0.1/x\",\"event_types\":\"run.failed\"}", "[]", "{\"url\":\"http://user:pw@host/x\"}"}) {
            Http.Response r = team.http().post("/api/v1/webhooks", body);
            assertThat(r.status()).as(body + " -> " + r).isEqualTo(400);
            assertThat(r.json().get("error_code").stringValue()).isEqualTo("invalid_request");
        }
        assertThat(team.http().get("/api/v1/webhooks").json().get("webhooks")).isEmpty();
        assertThat(team.http().get("/api/v1/webhooks/not-a-uuid").status()).isEqualTo(404);
        assertThat(team.http().get("/api/v1/webhooks/00000000-0000-0000-0000-000000000000/deliveries?limit=0").status())
                .isIn(400, 404);
        assertThat(new Http(port, null).get("/api/v1/webhooks").status()).isEqualTo(401);
    }

    @Test
    void aRunStateChangeIsDeliveredSignedAfterTwoFailures() throws Exception {
        Team team = newTeam();
        try (WebhookReceiver receiver = new WebhookReceiver(0, attempt -> attempt <= 2 ? 500 : 200)) {
            Http.Response created = team.http().post("/api/v1/webhooks",
                    Map.of("url", receiver.url(), "event_types", List.of("run.succeeded")));
            assertThat(created.status()).as(created.toString()).isEqualTo(201);
            receiver.expectSecret(created.json().get("secret").stringValue());
            String hookId = created.json().get("id").stringValue();

            DrivenRun run = startRun(team, "webhook run", "go");
            run.finish(new RunOutcome.Succeeded("ok", Usage.NONE, List.of()));

            await("three attempts", Duration.ofSeconds(30), () -> receiver.received().size() >= 3);
            await("delivery log says DELIVERED", Duration.ofSeconds(30), () -> "DELIVERED".equals(
                    team.http().get("/api/v1/webhooks/" + hookId + "/deliveries").json().get("deliveries").get(0)
                            .get("status").stringValue()));
            assertThat(receiver.received()).hasSize(3).allMatch(WebhookReceiver.Received::signatureValid);
            assertThat(receiver.received().stream().map(WebhookReceiver.Received::id).distinct()).hasSize(1);
            JsonNode body = io.agentruns.model.WireJson.mapper().readTree(receiver.received().getLast().body());
            assertThat(body.get("type").stringValue()).isEqualTo("run.succeeded");
            assertThat(body.get("data").get("run_id").stringValue()).isEqualTo(run.runId.toString());
            assertThat(body.get("data").get("state").stringValue()).isEqualTo("SUCCEEDED");
            assertThat(body.get("data").get("previous_state").stringValue()).isEqualTo("INPROGRESS");
            assertThat(body.get("data").get("session_link").stringValue()).endsWith("/sessions/" + run.sessionId);

            JsonNode delivery = team.http().get("/api/v1/webhooks/" + hookId + "/deliveries").json().get("deliveries").get(0);
            assertThat(delivery.get("id").stringValue()).isEqualTo(receiver.received().getLast().id());
            assertThat(delivery.get("attempts").intValue()).isEqualTo(3);
            assertThat(delivery.get("attempt_log").toString()).contains("\"status_code\":500", "\"status_code\":200");
            assertThat(delivery.get("payload").get("type").stringValue()).isEqualTo("run.succeeded");
        }
    }
}
