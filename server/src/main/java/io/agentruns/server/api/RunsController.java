package io.agentruns.server.api;

import io.agentruns.core.error.ApiException;
import io.agentruns.core.identity.Scope;
import io.agentruns.core.run.CreateResult;
import io.agentruns.core.run.Run;
import io.agentruns.core.run.RunRepository;
import io.agentruns.core.run.RunSource;
import io.agentruns.model.ListRunsResponse;
import io.agentruns.model.RunAgentResponse;
import io.agentruns.model.RunItem;
import io.agentruns.server.auth.Caller;
import io.agentruns.server.auth.RequiresScope;
import io.agentruns.server.config.ConditionalOnApi;
import io.agentruns.server.runs.RunCreationService;
import io.agentruns.server.runs.RunItemMapper;
import io.agentruns.server.runs.RunQueryParser;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.Locale;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/** Runs: create, list, get (wire contract "Endpoints"). Cancel lives with the execution engine. */
@RestController
@ConditionalOnApi
@RequestMapping("/api/v1/agent")
public class RunsController {
    /** Lets the project's own CLI mark its runs {@code CLI}; absent means {@code API}. */
    public static final String SOURCE_HEADER = "X-Agentruns-Source";

    private final RunCreationService creation;
    private final RunRepository runs;
    private final RunQueryParser queryParser;
    private final RunItemMapper mapper;
    private final PublicUrl publicUrl;

    public RunsController(RunCreationService creation, RunRepository runs, RunQueryParser queryParser,
                          RunItemMapper mapper, PublicUrl publicUrl) {
        this.creation = creation;
        this.runs = runs;
        this.queryParser = queryParser;
        this.mapper = mapper;
        this.publicUrl = publicUrl;
    }

    @PostMapping(path = {"/run", "/runs"}, consumes = MediaType.APPLICATION_JSON_VALUE)
    @RequiresScope(Scope.RUNS_WRITE)
    public ResponseEntity<RunAgentResponse> create(Caller caller, @RequestBody JsonNode body,
                                                   @RequestHeader(name = "Idempotency-Key", required = false) String idempotencyKey,
                                                   @RequestHeader(name = SOURCE_HEADER, required = false) String source) {
        CreateResult result = creation.create(caller, body, idempotencyKey, sourceOf(source));
        Run run = result.run();
        // The initial state, also on a replay (the original response), even if a worker already took the run.
        RunAgentResponse response = RunAgentResponse.of(run.id().toString(), io.agentruns.core.run.RunState.QUEUED.name());
        URI location = URI.create(publicUrl.api("/agent/runs/" + run.id()));
        if (result instanceof CreateResult.Replayed) {
            return ResponseEntity.ok().location(location).header("Idempotent-Replayed", "true").body(response);
        }
        return ResponseEntity.status(HttpStatus.CREATED).location(location).body(response);
    }

    @GetMapping("/runs")
    @RequiresScope(Scope.RUNS_READ)
    public ListRunsResponse list(Caller caller, HttpServletRequest request) {
        return mapper.toList(runs.list(caller.teamId(), queryParser.parse(request.getParameterMap())));
    }

    @GetMapping("/runs/{runId}")
    @RequiresScope(Scope.RUNS_READ)
    public RunItem get(Caller caller, @PathVariable String runId) {
        // Another team's run answers exactly like a missing one (invariant 7, TenancyTest).
        return parseId(runId).flatMap(id -> runs.find(caller.teamId(), id)).map(mapper::toItem)
                .orElseThrow(() -> ApiException.notFound("no run " + runId));
    }

    private static java.util.Optional<UUID> parseId(String id) {
        try {
            return java.util.Optional.of(UUID.fromString(id));
        } catch (IllegalArgumentException e) {
            return java.util.Optional.empty();
        }
    }

    private static RunSource sourceOf(String header) {
        if (header == null || header.isBlank()) {
            return RunSource.API;
        }
        try {
            return RunSource.valueOf(header.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid(SOURCE_HEADER + ": unknown run source '" + header + "'");
        }
    }
}
