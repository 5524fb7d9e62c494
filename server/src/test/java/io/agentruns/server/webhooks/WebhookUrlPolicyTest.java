package io.agentruns.server.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentruns.core.error.ApiException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class WebhookUrlPolicyTest {

    @Test
    void onlyHttpAndHttpsWithAHost() {
        WebhookUrlPolicy policy = WebhookUrlPolicy.allowAll();
        assertThat(policy.validate("http://127.0.0.1:8080/hook").getPort()).isEqualTo(8080);
        assertThat(policy.validate("https://hooks.example.com/x").getHost()).isEqualTo("hooks.example.com");
        for (String bad : new String[] {"ftp://x/y", "javascript:alert(1)", "file:///etc/passwd", "/relative", "http://",
                "http://user:pw@host/", "not a url", ""}) {
            assertThatThrownBy(() -> policy.validate(bad)).as(bad).isInstanceOf(ApiException.class);
        }
    }

    @Test
    void denyListBlocksPrivateRangesWhenConfigured() {
        WebhookUrlPolicy policy = new WebhookUrlPolicy(WebhookUrlPolicy.PRIVATE_RANGES);
        assertThatThrownBy(() -> policy.validate("http://127.0.0.1/x")).isInstanceOf(ApiException.class);
        assertThatThrownBy(() -> policy.validate("http://10.1.2.3/x")).isInstanceOf(ApiException.class);
        assertThatThrownBy(() -> policy.validate("http://172.20.0.1/x")).isInstanceOf(ApiException.class);
        assertThatThrownBy(() -> policy.validate("http://[::1]/x")).isInstanceOf(ApiException.class);
        assertThat(policy.validate("http://8.8.8.8/x")).isNotNull();
        assertThat(policy.validate("http://172.32.0.1/x")).isNotNull();
    }

    @Test
    void retriesLastAtLeastADayWithGrowingDelays() {
        RetrySchedule s = RetrySchedule.defaults();
        Instant created = Instant.parse("2026-01-01T00:00:00Z");
        Instant now = created;
        int attempts = 0;
        Duration previous = Duration.ZERO;
        while (true) {
            attempts++;
            Instant next = s.nextAttempt(created, attempts, now);
            if (next == null) {
                break;
            }
            Duration delay = Duration.between(now, next);
            assertThat(delay.compareTo(previous) >= 0 || next.equals(created.plus(s.retryFor()))).isTrue();
            previous = delay;
            now = next;
        }
        assertThat(Duration.between(created, now)).isGreaterThanOrEqualTo(Duration.ofHours(24));
        assertThat(attempts).isBetween(8, 40);
    }
}
