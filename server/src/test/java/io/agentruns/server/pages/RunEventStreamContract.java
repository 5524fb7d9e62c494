package io.agentruns.server.pages;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.core.event.EventType;
import io.agentruns.core.harness.RunOutcome;
import io.agentruns.core.run.Usage;
import io.agentruns.model.WireJson;
import io.agentruns.server.Http;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The SSE stream of a run's log (invariant 5): replay after Last-Event-ID or ?after=N, then live
 * events, no duplicates and no gaps across a reconnect, heartbeats while idle, the end after the
 * final state event; tenancy and bad input. Runs on H2 and on PostgreSQL (subclasses).
 */
abstract class RunEventStreamContract extends PagesTestSupport {

    private String streamUrl(DrivenRun run) {
        return "http://127.0.0.1:" + port + "/api/v1/agent/runs/" + run.runId + "/events/stream";
    }

    @Test
    void resumeWithLastEventIdHasNoDuplicatesAndNoGaps() throws Exception {
        Team team = newTeam();
        DrivenRun run = startRun(team, "stream resume", "go");
        for (int i = 0; i < 5; i++) {
            run.emit(EventType.MODEL_MESSAGE, Map.of("role", "assistant", "text", "step " + i));
        }
        List<Long> seen = new ArrayList<>();
        try (SseClient first = new SseClient(streamUrl(run) + "?after=0", team.auth())) {
            assertThat(first.status()).isEqualTo(200);
            assertThat(first.contentType()).startsWith("text/event-stream");
            for (int i = 0; i < 4; i++) {
                SseClient.Frame f = first.nextEvent();
                JsonNode data = WireJson.mapper().readTree(f.data());
                assertThat(f.id()).isEqualTo(String.valueOf(data.get("seq").longValue()));
                assertThat(f.event()).isEqualTo(data.get("type").stringValue());
                assertThat(data.get("run_id").stringValue()).isEqualTo(run.runId.toString());
                seen.add(data.get("seq").longValue());
            }
        } // the client drops the connection here
        for (int i = 0; i < 3; i++) {
            run.emit(EventType.COMMAND, Map.of("command", "echo " + i, "exit_code", 0, "duration_ms", 5, "output", i + "\n"));
        }
        long lastSeen = seen.getLast();
        try (SseClient resumed = new SseClient(streamUrl(run) + "?after=1", Map.of(
                "Authorization", "Bearer " + team.key(), "Last-Event-ID", String.valueOf(lastSeen)))) {
            // Live part: events written while this stream is open, then the final state.
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                try {
                    Thread.sleep(300);
                    run.emit(EventType.OUTPUT, Map.of("text", "done"));
                    Thread.sleep(300);
                    run.finish(new RunOutcome.Succeeded("done", Usage.NONE, List.of()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            SseClient.Frame f;
            String lastType = null;
            String lastState = null;
            while ((f = resumed.nextEvent()) != null) {
                JsonNode data = WireJson.mapper().readTree(f.data());
                seen.add(data.get("seq").longValue());
                lastType = data.get("type").stringValue();
                lastState = data.path("data").path("state").asString(null);
            }
            writer.join();
            assertThat(lastType).isEqualTo("state");
            assertThat(lastState).isEqualTo("SUCCEEDED");
        }
        // 1 QUEUED, 2 INPROGRESS, 3..7 messages, 8..10 commands, 11 output, 12 SUCCEEDED: each exactly once, in order.
        List<Long> expected = new ArrayList<>();
        for (long s = 1; s <= 12; s++) {
            expected.add(s);
        }
        assertThat(seen).containsExactlyElementsOf(expected);
    }

    @Test
    void idleStreamsSendHeartbeatsAndAFinishedRunEndsTheStream() throws Exception {
        Team team = newTeam();
        DrivenRun run = startRun(team, "heartbeat", "wait");
        try (SseClient sse = new SseClient(streamUrl(run) + "?after=2", team.auth())) {
            SseClient.Frame f = sse.next();
            while (f != null && f.comment() == null) {
                f = sse.next();
            }
            assertThat(f).isNotNull();
            assertThat(f.comment()).isEqualTo("ping");
            run.finish(new RunOutcome.Failed(new io.agentruns.core.run.StatusMessage("boom",
                    io.agentruns.core.error.ErrorCode.INTERNAL_ERROR, true), Usage.NONE, List.of()));
            SseClient.Frame last = sse.nextEvent();
            JsonNode data = WireJson.mapper().readTree(last.data());
            assertThat(data.path("data").path("state").asString()).isEqualTo("FAILED");
            assertThat(data.path("data").path("status_message").path("error_code").asString()).isEqualTo("internal_error");
            assertThat(sse.nextEvent()).isNull(); // ended by the server
        }
        // A reader of a finished run gets the whole log and the end at once; after the last seq, just the end.
        try (SseClient replay = new SseClient(streamUrl(run), team.auth())) {
            int n = 0;
            while (replay.nextEvent() != null) {
                n++;
            }
            assertThat(n).isEqualTo(3);
        }
        try (SseClient after = new SseClient(streamUrl(run), Map.of("Authorization", "Bearer " + team.key(),
                "Last-Event-ID", "3"))) {
            assertThat(after.status()).isEqualTo(200);
            assertThat(after.nextEvent()).isNull();
        }
    }

    @Test
    void anotherTeamsRunIsNotFoundAndBadInputIsAProblem() throws Exception {
        Team team = newTeam();
        Team other = newTeam();
        DrivenRun run = startRun(team, "private", "x");
        Http.Response foreign = other.http().get("/api/v1/agent/runs/" + run.runId + "/events/stream");
        assertThat(foreign.status()).isEqualTo(404);
        assertThat(foreign.json().get("error_code").stringValue()).isEqualTo("resource_not_found");
        assertThat(new Http(port, null).get("/api/v1/agent/runs/" + run.runId + "/events/stream").status()).isEqualTo(401);
        Http.Response bad = team.http().send("GET", "/api/v1/agent/runs/" + run.runId + "/events/stream", null,
                Map.of("Last-Event-ID", "abc"));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().get("error_code").stringValue()).isEqualTo("invalid_request");
        assertThat(team.http().get("/api/v1/agent/runs/not-a-uuid/events/stream").status()).isEqualTo(404);
        run.finish(new RunOutcome.Cancelled(Usage.NONE));
    }
}
