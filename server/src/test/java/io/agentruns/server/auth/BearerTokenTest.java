package io.agentruns.server.auth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The Authorization header parsing that replaced {@code split("\\s+", 2)}: same answers. */
class BearerTokenTest {

    @Test
    void acceptsBearerInAnyCaseWithAnyWhitespace() {
        assertThat(ApiKeyAuthInterceptor.bearerToken("Bearer ar_abc")).isEqualTo("ar_abc");
        assertThat(ApiKeyAuthInterceptor.bearerToken("  bearer \t ar_abc  ")).isEqualTo("ar_abc");
        assertThat(ApiKeyAuthInterceptor.bearerToken("BEARER ar_abc")).isEqualTo("ar_abc");
        assertThat(ApiKeyAuthInterceptor.bearerToken("Bearer a b")).as("the rest, as the old split kept it").isEqualTo("a b");
    }

    @Test
    void refusesOtherForms() {
        assertThat(ApiKeyAuthInterceptor.bearerToken("Bearer")).isNull();
        assertThat(ApiKeyAuthInterceptor.bearerToken("Bearer    ")).isNull();
        assertThat(ApiKeyAuthInterceptor.bearerToken("Bearerar_abc")).isNull();
        assertThat(ApiKeyAuthInterceptor.bearerToken("Basic dXNlcjpwYXNz")).isNull();
        assertThat(ApiKeyAuthInterceptor.bearerToken("ar_abc")).isNull();
    }
}
