package io.agentruns.server.execution;

import io.agentruns.core.engine.RunQueue;
import io.agentruns.core.error.ApiException;
import io.agentruns.core.event.EventLog;
import io.agentruns.core.event.RunEvent;
import io.agentruns.core.identity.Scope;
import io.agentruns.server.auth.Caller;
import io.agentruns.server.auth.RequiresScope;
import io.agentruns.server.config.ConditionalOnApi;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Cancel a run, and read its ordered event log. Another team's run answers 404 (invariant 7). */
@RestController
@ConditionalOnApi
@RequestMapping(path = "/api/v1/agent/runs/{runId}", produces = MediaType.APPLICATION_JSON_VALUE)
public class ExecutionController {
    static final int DEFAULT_EVENT_LIMIT = 100;
    static final int MAX_EVENT_LIMIT = 1000;

    private final RunQueue queue;
    private final EventLog events;

    public ExecutionController(RunQueue queue, EventLog events) {
        this.queue = queue;
        this.events = events;
    }

    /**
     * QUEUED: CANCELLED at once. INPROGRESS: the worker holding it is signalled and ends it CANCELLED.
     * Final: 409 conflict. Answers the run id as a JSON string (wire contract).
     */
    @PostMapping("/cancel")
    @RequiresScope(Scope.RUNS_WRITE)
    public ResponseEntity<String> cancel(Caller caller, @PathVariable String runId) {
        UUID id = parseId(runId);
        queue.requestCancel(caller.teamId(), id);
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body("\"" + id + "\"");
    }

    /** Events with seq greater than {@code after}, in seq order, at most {@code limit} (1..1000, default 100). */
    @GetMapping("/events")
    @RequiresScope(Scope.RUNS_READ)
    public RunEventsResponse events(Caller caller, @PathVariable String runId,
                                    @RequestParam(name = "after", required = false) String after,
                                    @RequestParam(name = "limit", required = false) String limit) {
        UUID id = parseId(runId);
        long afterSeq = parseLong("after", after, 0, 0, Long.MAX_VALUE);
        int max = (int) parseLong("limit", limit, DEFAULT_EVENT_LIMIT, 1, MAX_EVENT_LIMIT);
        List<RunEvent> page = events.read(caller.teamId(), id, afterSeq, max + 1)
                .orElseThrow(() -> ApiException.notFound("no run " + runId));
        boolean more = page.size() > max;
        List<RunEvent> shown = more ? page.subList(0, max) : page;
        long next = shown.isEmpty() ? afterSeq : shown.getLast().seq();
        return new RunEventsResponse(shown.stream().map(RunEventsResponse.Item::of).toList(), more, next);
    }

    private static UUID parseId(String runId) {
        return Optional.ofNullable(runId).flatMap(s -> {
            try {
                return Optional.of(UUID.fromString(s));
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        }).orElseThrow(() -> ApiException.notFound("no run " + runId));
    }

    private static long parseLong(String name, String value, long fallback, long min, long max) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        long parsed;
        try {
            parsed = Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw ApiException.invalid(name + ": must be an integer, was '" + value + "'");
        }
        if (parsed < min || parsed > max) {
            throw ApiException.invalid(name + ": must be between " + min + " and " + max + ", was " + parsed);
        }
        return parsed;
    }
}
