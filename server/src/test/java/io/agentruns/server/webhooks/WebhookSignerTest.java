package io.agentruns.server.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WebhookSignerTest {

    /** The example of the Standard Webhooks specification (github.com/standard-webhooks). */
    @Test
    void matchesTheStandardWebhooksExample() {
        String secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        String id = "msg_p5jXN8AQM9LWM0D4loKWxJek";
        long ts = 1614265330;
        String body = "{\"test\": 2432232314}";
        assertThat(WebhookSigner.sign(secret, id, ts, body)).isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    @Test
    void newSecretsHaveThePrefixAnd24Bytes() {
        String s = WebhookSigner.newSecret();
        assertThat(s).startsWith("whsec_");
        assertThat(WebhookSigner.keyBytes(s)).hasSize(24);
    }
}
