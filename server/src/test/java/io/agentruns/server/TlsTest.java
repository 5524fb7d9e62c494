package io.agentruns.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/** With AGENTRUNS_TLS_CERT and AGENTRUNS_TLS_KEY (PEM files) the service serves HTTPS. */
class TlsTest {

    @Test
    void servesHttpsFromPemFiles(@TempDir Path dir) throws Exception {
        Path cert = dir.resolve("cert.pem");
        Path key = dir.resolve("key.pem");
        Process openssl;
        try {
            openssl = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                    "-keyout", key.toString(), "-out", cert.toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("openssl.log").toFile()).start();
        } catch (java.io.IOException e) {
            Assumptions.abort("openssl is not installed: " + e.getMessage());
            return;
        }
        assertThat(openssl.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(openssl.exitValue()).as(Files.readString(dir.resolve("openssl.log"))).isZero();

        try (ConfigurableApplicationContext app = AgentrunsApplication.start("--agentruns.data-dir=" + dir.resolve("data"),
                "--agentruns.port=0", "--agentruns.tls.cert=" + cert, "--agentruns.tls.key=" + key)) {
            int port = BootstrapTest.portOf(app);
            try (HttpClient client = HttpClient.newBuilder().sslContext(trusting(cert)).build()) {
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create("https://localhost:" + port + "/healthz")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(r.statusCode()).isEqualTo(200);
                HttpResponse<String> problem = client.send(HttpRequest.newBuilder(
                        URI.create("https://localhost:" + port + "/api/v1/agent/runs")).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(problem.statusCode()).isEqualTo(401);
            }
        }
    }

    private static SSLContext trusting(Path certFile) throws Exception {
        X509Certificate cert;
        try (var in = Files.newInputStream(certFile)) {
            cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        trust.setCertificateEntry("agentruns", cert);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(null, tmf.getTrustManagers(), null);
        return ctx;
    }
}
