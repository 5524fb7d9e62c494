package io.agentruns.server.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretCipherTest {

    @Test
    void roundTripsAndNeverStoresPlaintext(@TempDir Path dir) throws Exception {
        SecretCipher cipher = SecretCipher.fromConfig(null, dir.resolve("secret.key"));
        String stored = cipher.encrypt("whsec_abc");
        assertThat(stored).doesNotContain("whsec_abc").startsWith("v1:");
        assertThat(cipher.decrypt(stored)).isEqualTo("whsec_abc");
        // The same key file gives the same key (restart).
        assertThat(SecretCipher.fromConfig(null, dir.resolve("secret.key")).decrypt(stored)).isEqualTo("whsec_abc");
        assertThat(Files.getPosixFilePermissions(dir.resolve("secret.key")).toString()).isEqualTo("[OWNER_READ, OWNER_WRITE]");
    }

    @Test
    void aWrongKeyCannotDecrypt(@TempDir Path dir) {
        String stored = SecretCipher.fromConfig(null, dir.resolve("a.key")).encrypt("whsec_abc");
        SecretCipher other = SecretCipher.fromConfig(null, dir.resolve("b.key"));
        assertThatThrownBy(() -> other.decrypt(stored)).isInstanceOf(IllegalStateException.class);
    }
}
