package io.agentruns.server.api;

import io.agentruns.server.config.AgentrunsProperties;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The absolute base of links the service hands out (Location headers, session links):
 * {@code AGENTRUNS_PUBLIC_URL}, or {@code http(s)://localhost:<actual port>}.
 */
@Component
public class PublicUrl {
    private final AgentrunsProperties properties;
    private volatile int port;

    public PublicUrl(AgentrunsProperties properties) {
        this.properties = properties;
        this.port = properties.port();
    }

    @EventListener
    public void onServerStarted(WebServerInitializedEvent event) {
        this.port = event.getWebServer().getPort();
    }

    /** The base without a trailing slash, e.g. {@code http://localhost:8080}. */
    public String base() {
        return properties.effectivePublicUrl(port);
    }

    public String api(String path) {
        return base() + "/api/v1" + path;
    }
}
