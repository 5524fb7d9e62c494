package io.agentruns.server.webhooks;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Webhook settings ({@code agentruns.webhooks.*}, env {@code AGENTRUNS_WEBHOOKS_*}).
 *
 * @param deliveryEnabled      run the delivery loop in this process (default true; any number of nodes may)
 * @param denyPrivateNetworks  refuse targets in loopback/private/link-local ranges (default false: self-hosted
 *                             receivers usually live on a private network)
 * @param denyCidrs            further denied ranges, e.g. {@code 203.0.113.0/24}
 * @param pollInterval         how often the loop looks for due deliveries without a wake-up (1 s)
 * @param timeout              connect + response timeout of one attempt (10 s)
 * @param retryInitialDelay    delay after the first failure, doubled after each further one (5 s)
 * @param retryMaxDelay        longest delay between attempts (4 h)
 * @param retryFor             how long a delivery is retried before it is marked FAILED (26 h)
 * @param claimTimeout         after this a claimed but unfinished attempt (node died) is retried (2 min)
 * @param batchSize            deliveries claimed per pass (20)
 */
@ConfigurationProperties(prefix = "agentruns.webhooks")
public record WebhookProperties(
        @DefaultValue("true") boolean deliveryEnabled,
        @DefaultValue("false") boolean denyPrivateNetworks,
        List<String> denyCidrs,
        @DefaultValue("1s") Duration pollInterval,
        @DefaultValue("10s") Duration timeout,
        @DefaultValue("5s") Duration retryInitialDelay,
        @DefaultValue("4h") Duration retryMaxDelay,
        @DefaultValue("26h") Duration retryFor,
        @DefaultValue("2m") Duration claimTimeout,
        @DefaultValue("20") int batchSize) {

    public List<String> effectiveDenyList() {
        List<String> out = new java.util.ArrayList<>(denyCidrs == null ? List.of() : denyCidrs);
        if (denyPrivateNetworks) {
            out.addAll(WebhookUrlPolicy.PRIVATE_RANGES);
        }
        return out;
    }
}
