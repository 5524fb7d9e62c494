package io.agentruns.server.pages.stream;

import io.agentruns.core.error.ApiException;
import io.agentruns.core.event.RunEvent;
import io.agentruns.core.identity.Scope;
import io.agentruns.server.auth.Caller;
import io.agentruns.server.auth.RequiresScope;
import io.agentruns.server.config.ConditionalOnApi;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/agent/runs/{runId}/events/stream}: the run's event log as Server-Sent Events
 * (id = seq, data = the event as in {@code GET .../events}), resumable with Last-Event-ID or
 * {@code ?after=N}; ends after the final state event; {@code : ping} comments while idle.
 */
@RestController
@ConditionalOnApi
@RequestMapping("/api/v1/agent/runs/{runId}")
public class RunEventStreamController {
    private final RunEventStreamer streamer;

    public RunEventStreamController(RunEventStreamer streamer) {
        this.streamer = streamer;
    }

    @GetMapping(path = "/events/stream")
    @RequiresScope(Scope.RUNS_READ)
    public void stream(Caller caller, @PathVariable String runId,
                       @RequestHeader(name = "Last-Event-ID", required = false) String lastEventId,
                       @RequestParam(name = "after", required = false) String after,
                       HttpServletResponse response) throws IOException, InterruptedException {
        UUID id = runId(runId);
        // Last-Event-ID (set by a reconnecting client) wins over ?after= (set by the first connect).
        long afterSeq = lastEventId != null && !lastEventId.isBlank() ? seq(lastEventId, "Last-Event-ID") : seq(after, "after");
        streamer.requireVisible(caller.teamId(), id);
        SseWriter sse = SseWriter.open(response);
        streamer.stream(caller.teamId(), id, afterSeq, new RunEventStreamer.Output() {
            @Override
            public void event(RunEvent event) throws IOException {
                sse.event(event.seq(), event.type().wireName(), EventJson.toJson(event));
            }

            @Override
            public void heartbeat() throws IOException {
                sse.comment("ping");
            }
        });
    }

    static UUID runId(String value) {
        try {
            return UUID.fromString(value);
        } catch (IllegalArgumentException e) {
            throw ApiException.notFound("no run " + value);
        }
    }

    static long seq(String value, String name) {
        if (value == null || value.isBlank()) {
            return 0;
        }
        try {
            long v = Long.parseLong(value.trim());
            if (v < 0) {
                throw ApiException.invalid(name + " must be a non-negative integer");
            }
            return v;
        } catch (NumberFormatException e) {
            throw ApiException.invalid(name + " must be a non-negative integer");
        }
    }
}
