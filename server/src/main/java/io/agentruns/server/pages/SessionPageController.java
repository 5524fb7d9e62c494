package io.agentruns.server.pages;

import io.agentruns.core.event.EventLog;
import io.agentruns.core.event.RunEvent;
import io.agentruns.core.identity.ApiKeySecret;
import io.agentruns.core.identity.AuthenticatedKey;
import io.agentruns.core.identity.IdentityRepository;
import io.agentruns.core.identity.Scope;
import io.agentruns.core.environment.EnvironmentRepository;
import io.agentruns.core.run.Run;
import io.agentruns.core.run.RunRepository;
import io.agentruns.model.WireJson;
import io.agentruns.server.auth.PublicEndpoint;
import io.agentruns.server.config.ConditionalOnApi;
import io.agentruns.server.pages.stream.RunEventStreamer;
import io.agentruns.server.pages.stream.SseWriter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseCookie;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The session page {@code /sessions/{sessionId}} (HTML, readable without JavaScript), its live
 * stream {@code /sessions/{sessionId}/events} (SSE of server-rendered fragments, used by session.js)
 * and, in authenticated mode, the API-key sign-in form. Access: {@link PageAccess}.
 */
@RestController
@ConditionalOnApi
@PublicEndpoint
public class SessionPageController {
    private static final int MAX_EVENTS = 20_000;

    private final PageAccess access;
    private final PageSessions pageSessions;
    private final IdentityRepository identities;
    private final RunRepository runs;
    private final EnvironmentRepository environments;
    private final ObjectProvider<EventLog> log;
    private final RunEventStreamer streamer;
    private final SessionPageRenderer renderer = new SessionPageRenderer();
    private final TranscriptRenderer transcript = new TranscriptRenderer();

    public SessionPageController(PageAccess access, PageSessions pageSessions, IdentityRepository identities,
                                 RunRepository runs, EnvironmentRepository environments, ObjectProvider<EventLog> log,
                                 RunEventStreamer streamer) {
        this.access = access;
        this.pageSessions = pageSessions;
        this.identities = identities;
        this.runs = runs;
        this.environments = environments;
        this.log = log;
        this.streamer = streamer;
    }

    @GetMapping("/sessions/{sessionId}")
    public ResponseEntity<String> page(@PathVariable String sessionId, HttpServletRequest request) {
        return switch (access.check(request, sessionId)) {
            case PageAccess.SignInRequired s -> html(HttpStatus.UNAUTHORIZED, SimplePages.signIn(sessionId, null));
            case PageAccess.NotFound n -> notFound();
            case PageAccess.Allowed a -> runs.find(a.run().teamId(), a.run().runId())
                    .map(run -> html(HttpStatus.OK, renderer.page(new SessionPageRenderer.View(run,
                            log.getObject().read(run.teamId(), run.id(), 0, MAX_EVENTS).orElse(List.of()),
                            environmentName(run), "/sessions/" + sessionId + "/events"))))
                    .orElseGet(this::notFound);
        };
    }

    @PostMapping(path = "/sessions/{sessionId}/sign-in")
    public ResponseEntity<String> signIn(@PathVariable String sessionId,
                                         @RequestParam(name = "api_key", required = false) String apiKey,
                                         HttpServletRequest request) {
        if (access.mode() != PageAccess.Mode.AUTHENTICATED) {
            return ResponseEntity.status(HttpStatus.SEE_OTHER).header("Location", "/sessions/" + sessionId).build();
        }
        Optional<AuthenticatedKey> key = apiKey == null || apiKey.isBlank() ? Optional.empty()
                : identities.findActiveKeyByHash(ApiKeySecret.hash(apiKey.trim()));
        if (key.isEmpty() || !key.get().has(Scope.RUNS_READ)) {
            return html(HttpStatus.UNAUTHORIZED, SimplePages.signIn(sessionId,
                    "That API key is unknown, revoked, expired or lacks runs:read."));
        }
        String token = pageSessions.create(key.get().team().id(), key.get().principal().id());
        ResponseCookie cookie = ResponseCookie.from(PageAccess.COOKIE, token)
                .httpOnly(true)
                .sameSite("Lax") // sent on top-level navigation from links (chat, e-mail), not on cross-site posts
                .secure(request.isSecure())
                .path("/sessions")
                .maxAge(PageSessions.LIFETIME)
                .build();
        return ResponseEntity.status(HttpStatus.SEE_OTHER)
                .header("Set-Cookie", cookie.toString())
                .header("Location", "/sessions/" + sessionId)
                .header("Cache-Control", "no-store")
                .build();
    }

    /**
     * The page's live feed: one SSE message per event with its rendered fragment; state events also
     * carry the new status block and, when final, the outcome block. Ends after the final state.
     */
    @GetMapping("/sessions/{sessionId}/events")
    public void events(@PathVariable String sessionId,
                       @RequestHeader(name = "Last-Event-ID", required = false) String lastEventId,
                       @RequestParam(name = "after", required = false) String after,
                       HttpServletRequest request, HttpServletResponse response) throws IOException, InterruptedException {
        if (!(access.check(request, sessionId) instanceof PageAccess.Allowed allowed)) {
            // Written directly (no error dispatch): the same 404 for unknown and not-allowed sessions.
            response.setStatus(HttpServletResponse.SC_NOT_FOUND);
            response.setContentType("text/plain;charset=UTF-8");
            response.getWriter().write("not found\n");
            return;
        }
        long afterSeq = parseSeq(lastEventId != null && !lastEventId.isBlank() ? lastEventId : after);
        UUID team = allowed.run().teamId();
        UUID runId = allowed.run().runId();
        SseWriter sse = SseWriter.open(response);
        streamer.stream(team, runId, afterSeq, new RunEventStreamer.Output() {
            @Override
            public void event(RunEvent event) throws IOException {
                Map<String, Object> update = new LinkedHashMap<>();
                update.put("seq", event.seq());
                update.put("html", transcript.render(event));
                if (event.type() == io.agentruns.core.event.EventType.STATE) {
                    Optional<Run> run = runs.find(team, runId);
                    if (run.isPresent()) {
                        boolean fin = RunEventStreamer.isFinalState(event);
                        // The row may already be further than this event; show the event's own state.
                        update.put("state", String.valueOf(event.data().get("state")));
                        update.put("status_html", renderer.status(run.get()));
                        if (fin) {
                            update.put("final", true);
                            update.put("outcome_html", renderer.outcome(run.get(),
                                    log.getObject().read(team, runId, 0, MAX_EVENTS).orElse(List.of())));
                        }
                    }
                }
                sse.event(event.seq(), null, WireJson.mapper().writeValueAsString(update));
            }

            @Override
            public void heartbeat() throws IOException {
                sse.comment("ping");
            }
        });
    }

    private String environmentName(Run run) {
        String id = run.config().environmentId();
        if (id == null) {
            return null;
        }
        try {
            return environments.find(run.teamId(), UUID.fromString(id)).map(e -> e.name()).orElse(null);
        } catch (IllegalArgumentException notAUuid) {
            return null;
        }
    }

    private static long parseSeq(String value) {
        try {
            return value == null || value.isBlank() ? 0 : Math.max(0, Long.parseLong(value.trim()));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private ResponseEntity<String> notFound() {
        return html(HttpStatus.NOT_FOUND, SimplePages.notFound());
    }

    private static ResponseEntity<String> html(HttpStatus status, String body) {
        return ResponseEntity.status(status).headers(PageHeaders.html()).body(body);
    }
}
