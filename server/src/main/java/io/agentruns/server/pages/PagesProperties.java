package io.agentruns.server.pages;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Session pages and event streams ({@code agentruns.*}, env {@code AGENTRUNS_*}).
 *
 * @param sessionPages         {@code capability} (default: the session id is the permission) or
 *                             {@code authenticated} (sign-in with an API key; only the run's team) -
 *                             {@code AGENTRUNS_SESSION_PAGES}
 * @param streamHeartbeat      idle time after which a stream sends a {@code : ping} comment (15 s) -
 *                             {@code AGENTRUNS_STREAM_HEARTBEAT}
 * @param streamPollInterval   how often a stream re-reads the log without a wake-up signal (2 s) -
 *                             {@code AGENTRUNS_STREAM_POLL_INTERVAL}
 */
@ConfigurationProperties(prefix = "agentruns")
public record PagesProperties(
        @DefaultValue("capability") PageAccess.Mode sessionPages,
        @DefaultValue("15s") Duration streamHeartbeat,
        @DefaultValue("2s") Duration streamPollInterval) {
}
