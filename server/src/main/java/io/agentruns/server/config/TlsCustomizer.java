package io.agentruns.server.config;

import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.boot.web.server.Ssl;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.server.servlet.ConfigurableServletWebServerFactory;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;

/**
 * Serves HTTPS when {@code AGENTRUNS_TLS_CERT} and {@code AGENTRUNS_TLS_KEY} name PEM files
 * (Spring Boot reads PEM certificates and keys directly). Runs after Spring Boot's own customizer.
 * Guarded by {@code TlsTest}.
 */
@Component
public class TlsCustomizer implements WebServerFactoryCustomizer<ConfigurableServletWebServerFactory>, Ordered {
    private final AgentrunsProperties.Tls tls;

    public TlsCustomizer(AgentrunsProperties properties) {
        this.tls = properties.tls();
    }

    @Override
    public void customize(ConfigurableServletWebServerFactory factory) {
        if (tls.cert() == null && tls.key() == null) {
            return;
        }
        if (!tls.enabled()) {
            throw new IllegalStateException("AGENTRUNS_TLS_CERT and AGENTRUNS_TLS_KEY must be set together");
        }
        Path cert = Path.of(tls.cert()).toAbsolutePath();
        Path key = Path.of(tls.key()).toAbsolutePath();
        for (Path p : new Path[] {cert, key}) {
            if (!Files.isReadable(p)) {
                throw new IllegalStateException("TLS file is not readable: " + p);
            }
        }
        Ssl ssl = new Ssl();
        ssl.setEnabled(true);
        ssl.setCertificate("file:" + cert);
        ssl.setCertificatePrivateKey("file:" + key);
        factory.setSsl(ssl);
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
