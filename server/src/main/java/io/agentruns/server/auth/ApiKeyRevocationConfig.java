package io.agentruns.server.auth;

import io.agentruns.server.config.ConditionalOnApi;
import io.agentruns.store.Dialect;
import io.agentruns.store.Store;
import io.agentruns.store.identity.ApiKeyRevocationListener;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Serve mode on PostgreSQL: keys revoked by another node leave this node's API-key cache within a
 * notification's delay (ApiKeyRevocationListener); revocations on this node take effect at once
 * without it. H2 is a single process and needs no listener.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnApi
public class ApiKeyRevocationConfig {

    @Bean
    SmartLifecycle apiKeyRevocationLifecycle(Store store) {
        return new SmartLifecycle() {
            private volatile ApiKeyRevocationListener listener;
            private volatile boolean running;

            @Override
            public void start() {
                if (store.database().dialect() == Dialect.POSTGRESQL) {
                    listener = new ApiKeyRevocationListener(store.database().dataSource(), store.apiKeyCache());
                    listener.start();
                }
                running = true;
            }

            @Override
            public void stop() {
                running = false;
                if (listener != null) {
                    listener.stop();
                    listener = null;
                }
            }

            @Override
            public boolean isRunning() {
                return running;
            }
        };
    }
}
