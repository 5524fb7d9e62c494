package io.agentruns.server.webhooks;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntUnaryOperator;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A local webhook receiver that verifies Standard Webhooks signatures on its own (not with the
 * production signer) and answers with a status chosen by the attempt number of the message (1 for its first request).
 */
final class WebhookReceiver implements AutoCloseable {
    record Received(String id, String timestamp, String signature, String body, boolean signatureValid, int answered) {
    }

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final AtomicInteger count = new AtomicInteger();
    private final java.util.Map<String, Integer> perMessage = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile String secret;

    WebhookReceiver(int port, IntUnaryOperator statusForAttempt) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.createContext("/hook", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String text = new String(body, StandardCharsets.UTF_8);
            String id = exchange.getRequestHeaders().getFirst("webhook-id");
            String ts = exchange.getRequestHeaders().getFirst("webhook-timestamp");
            String sig = exchange.getRequestHeaders().getFirst("webhook-signature");
            count.incrementAndGet();
            int status = statusForAttempt.applyAsInt(perMessage.merge(String.valueOf(id), 1, Integer::sum));
            received.add(new Received(id, ts, sig, text, verify(id, ts, sig, text), status));
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
    }

    void expectSecret(String secret) {
        this.secret = secret;
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
    }

    int port() {
        return server.getAddress().getPort();
    }

    List<Received> received() {
        return received;
    }

    private boolean verify(String id, String ts, String sig, String body) {
        try {
            byte[] key = Base64.getDecoder().decode(secret.substring("whsec_".length()));
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            String expected = "v1," + Base64.getEncoder().encodeToString(
                    mac.doFinal((id + "." + ts + "." + body).getBytes(StandardCharsets.UTF_8)));
            for (String candidate : sig.split(" ")) {
                if (java.security.MessageDigest.isEqual(candidate.getBytes(StandardCharsets.UTF_8),
                        expected.getBytes(StandardCharsets.UTF_8))) {
                    return true;
                }
            }
            return false;
        } catch (Exception e) {
            return false;
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
