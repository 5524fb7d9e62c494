package io.agentruns.server.webhooks;

import io.agentruns.core.outbox.OutboxWriter;
import io.agentruns.server.config.AgentrunsProperties;
import io.agentruns.store.Database;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Webhook beans for both modes (serve and worker): state changes happen in either, so the outbox
 * writer and the delivery loop exist in both; the HTTP controller only in serve mode.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(WebhookProperties.class)
public class WebhooksConfig {

    /** {@code AGENTRUNS_SECRET_KEY} (base64 of 32 bytes), else {@code <data dir>/secret.key}. */
    @Bean
    SecretCipher webhookSecretCipher(AgentrunsProperties properties, @Value("${agentruns.secret-key:}") String key) {
        return SecretCipher.fromConfig(key, properties.dataDir().resolve("secret.key"));
    }

    @Bean
    WebhookStore webhookStore(Database database) {
        return new WebhookStore(database);
    }

    @Bean
    WebhookUrlPolicy webhookUrlPolicy(WebhookProperties properties) {
        return new WebhookUrlPolicy(properties.effectiveDenyList());
    }

    @Bean
    WebhookService webhookService(WebhookStore store, SecretCipher cipher, WebhookUrlPolicy policy, Clock clock) {
        return new WebhookService(store, cipher, policy, clock);
    }

    @Bean
    WebhookDeliveryLoop webhookDeliveryLoop(WebhookStore store, SecretCipher cipher, WebhookUrlPolicy policy, Clock clock,
                                            WebhookProperties p) {
        return new WebhookDeliveryLoop(store, cipher, new WebhookSender(p.timeout()), policy, clock,
                new WebhookDeliveryLoop.Settings(p.pollInterval(), p.claimTimeout(), p.batchSize(),
                        new RetrySchedule(p.retryInitialDelay(), p.retryMaxDelay(), p.retryFor())));
    }

    /** The hook that the store's state writer calls inside each state-change transaction. */
    @Bean
    OutboxWriter webhookOutboxWriter(WebhookStore store, Clock clock, WebhookDeliveryLoop loop,
                                     AgentrunsProperties properties,
                                     ObjectProvider<io.agentruns.server.api.PublicUrl> publicUrl) {
        return new WebhookOutboxWriter(store, clock, loop::wake, () -> {
            io.agentruns.server.api.PublicUrl url = publicUrl.getIfAvailable();
            return url != null ? url.base() : properties.publicUrl();
        });
    }

    /** Starts the delivery loop with the application and stops it before the database closes. */
    @Bean
    SmartLifecycle webhookDeliveryLifecycle(WebhookDeliveryLoop loop, WebhookProperties properties) {
        return new SmartLifecycle() {
            @Override
            public void start() {
                if (properties.deliveryEnabled()) {
                    loop.start();
                }
            }

            @Override
            public void stop() {
                loop.stop();
            }

            @Override
            public boolean isRunning() {
                return loop.isRunning();
            }
        };
    }
}
