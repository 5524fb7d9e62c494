package io.agentruns.server.pages;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;

/**
 * Who may open a session page. {@code capability} (default): whoever knows the 128-bit session id.
 * {@code authenticated} ({@code AGENTRUNS_SESSION_PAGES=authenticated}): additionally a page-session
 * cookie of the run's team; another team sees "not found" (invariant 7). Guarded by SessionPageAccessTest.
 */
public class PageAccess {
    public static final String COOKIE = "agentruns_page_session";

    public enum Mode { CAPABILITY, AUTHENTICATED }

    /** The answer for one request. */
    public sealed interface Decision permits Allowed, SignInRequired, NotFound {
    }

    public record Allowed(SessionRuns.RunRef run) implements Decision {
    }

    public record SignInRequired() implements Decision {
    }

    public record NotFound() implements Decision {
    }

    private final Mode mode;
    private final SessionRuns sessions;
    private final PageSessions pageSessions;

    public PageAccess(Mode mode, SessionRuns sessions, PageSessions pageSessions) {
        this.mode = mode;
        this.sessions = sessions;
        this.pageSessions = pageSessions;
    }

    public Mode mode() {
        return mode;
    }

    public Decision check(HttpServletRequest request, String sessionId) {
        if (mode == Mode.AUTHENTICATED) {
            // Without a valid cookie, do not even reveal whether the session exists.
            Optional<PageSessions.Session> session = pageSessions.find(cookie(request));
            if (session.isEmpty()) {
                return new SignInRequired();
            }
            return sessions.find(sessionId)
                    .filter(ref -> ref.teamId().equals(session.get().teamId()))
                    .<Decision>map(Allowed::new)
                    .orElseGet(NotFound::new);
        }
        return sessions.find(sessionId).<Decision>map(Allowed::new).orElseGet(NotFound::new);
    }

    static String cookie(HttpServletRequest request) {
        Cookie[] cookies = request.getCookies();
        if (cookies == null) {
            return null;
        }
        for (Cookie c : cookies) {
            if (COOKIE.equals(c.getName())) {
                return c.getValue();
            }
        }
        return null;
    }
}
