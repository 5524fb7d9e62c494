package io.agentruns.server.webhooks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Encrypts webhook signing secrets at rest (invariant 8): HMAC signing needs the secret itself, so it
 * cannot be hashed. AES-256-GCM with a key from {@code AGENTRUNS_SECRET_KEY} (base64, 32 bytes) or,
 * when unset, from {@code <data dir>/secret.key}, created with mode 0600 on first use. Every node of a
 * cluster needs the same key. Stored form: {@code v1:<base64 iv>:<base64 ciphertext+tag>}.
 */
public final class SecretCipher {
    private static final SecureRandom RANDOM = new SecureRandom();
    private final SecretKey key;

    public SecretCipher(byte[] keyBytes) {
        if (keyBytes.length != 32) {
            throw new IllegalArgumentException("the secret key must be 32 bytes (base64 of 32 random bytes)");
        }
        this.key = new SecretKeySpec(keyBytes, "AES");
    }

    /** The key from the environment value when given, else from (or newly into) the key file. */
    public static SecretCipher fromConfig(String base64Key, Path keyFile) {
        if (base64Key != null && !base64Key.isBlank()) {
            return new SecretCipher(Base64.getDecoder().decode(base64Key.trim()));
        }
        try {
            if (Files.exists(keyFile)) {
                return new SecretCipher(Base64.getDecoder().decode(Files.readString(keyFile).trim()));
            }
            byte[] fresh = new byte[32];
            RANDOM.nextBytes(fresh);
            Files.createDirectories(keyFile.toAbsolutePath().getParent());
            Path tmp = keyFile.resolveSibling(keyFile.getFileName() + ".tmp");
            Files.writeString(tmp, Base64.getEncoder().encodeToString(fresh), StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING);
            try {
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException ignored) {
                // not a POSIX file system
            }
            try {
                Files.move(tmp, keyFile, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (java.nio.file.FileAlreadyExistsException raced) {
                Files.deleteIfExists(tmp);
            }
            return new SecretCipher(Base64.getDecoder().decode(Files.readString(keyFile).trim()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the secret key file " + keyFile, e);
        }
    }

    public String encrypt(String plaintext) {
        try {
            byte[] iv = new byte[12];
            RANDOM.nextBytes(iv);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
            byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
            Base64.Encoder b64 = Base64.getEncoder();
            return "v1:" + b64.encodeToString(iv) + ":" + b64.encodeToString(sealed);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM unavailable", e);
        }
    }

    public String decrypt(String stored) {
        String[] parts = stored.split(":");
        if (parts.length != 3 || !"v1".equals(parts[0])) {
            throw new IllegalArgumentException("not an encrypted secret");
        }
        try {
            Base64.Decoder b64 = Base64.getDecoder();
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(128, b64.decode(parts[1])));
            return new String(cipher.doFinal(b64.decode(parts[2])), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot decrypt a webhook secret: wrong AGENTRUNS_SECRET_KEY?", e);
        }
    }
}
