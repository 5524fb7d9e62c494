package io.agentruns.server.pages;

import org.springframework.http.HttpHeaders;

/**
 * Security headers of every HTML page we serve. The CSP allows only our own script and stylesheet
 * files: no inline script, no inline style, no other origin, so even markup that slipped through
 * escaping could not run (defence in depth; guarded by SessionPageInjectionTest).
 */
public final class PageHeaders {
    public static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

    private PageHeaders() {
    }

    public static HttpHeaders html() {
        HttpHeaders h = new HttpHeaders();
        h.set("Content-Security-Policy", CSP);
        h.set("X-Content-Type-Options", "nosniff");
        h.set("Referrer-Policy", "no-referrer");
        h.set("X-Frame-Options", "DENY");
        h.setCacheControl("no-store");
        h.set(HttpHeaders.CONTENT_TYPE, "text/html;charset=UTF-8");
        return h;
    }
}
