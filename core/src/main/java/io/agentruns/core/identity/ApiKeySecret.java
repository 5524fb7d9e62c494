package io.agentruns.core.identity;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * A freshly generated API key: {@code value} is shown once; the store keeps {@code prefix} (to
 * recognise it in lists) and {@code hash} (to look it up). 192 random bits (>= 128 required).
 */
public record ApiKeySecret(String value, String prefix, String hash) {
    public static final String MARKER = "ar_";
    private static final SecureRandom RANDOM = new SecureRandom();

    public static ApiKeySecret generate() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return of(MARKER + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
    }

    /** For a key whose value is given (e.g. AGENTRUNS_BOOTSTRAP_API_KEY). */
    public static ApiKeySecret of(String value) {
        return new ApiKeySecret(value, prefixOf(value), hash(value));
    }

    /** The visible part: the first 10 characters. */
    public static String prefixOf(String value) {
        return value.substring(0, Math.min(10, value.length()));
    }

    /** Lowercase hex SHA-256 of the key, the form the store looks keys up by. */
    public static String hash(String value) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return "ApiKeySecret[prefix=" + prefix + "]"; // never log the value (invariant 8)
    }
}
