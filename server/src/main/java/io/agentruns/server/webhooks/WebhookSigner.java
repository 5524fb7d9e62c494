package io.agentruns.server.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks signing: the secret is {@code whsec_} + base64 of the key bytes; the signature
 * header is {@code v1,<base64 HMAC-SHA256(key, id + "." + timestamp + "." + body)>}.
 * Guarded by WebhookSignerTest and WebhookDeliveryTest (a receiver verifies it independently).
 */
public final class WebhookSigner {
    public static final String SECRET_PREFIX = "whsec_";
    private static final SecureRandom RANDOM = new SecureRandom();

    private WebhookSigner() {
    }

    /** A fresh signing secret with 24 random bytes. */
    public static String newSecret() {
        byte[] key = new byte[24];
        RANDOM.nextBytes(key);
        return SECRET_PREFIX + Base64.getEncoder().encodeToString(key);
    }

    public static String sign(String secret, String messageId, long timestampSeconds, String body) {
        byte[] key = keyBytes(secret);
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] digest = mac.doFinal((messageId + "." + timestampSeconds + "." + body).getBytes(StandardCharsets.UTF_8));
            return "v1," + Base64.getEncoder().encodeToString(digest);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }

    static byte[] keyBytes(String secret) {
        String encoded = secret.startsWith(SECRET_PREFIX) ? secret.substring(SECRET_PREFIX.length()) : secret;
        return Base64.getDecoder().decode(encoded);
    }
}
