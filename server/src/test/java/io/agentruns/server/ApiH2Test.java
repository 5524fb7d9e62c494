package io.agentruns.server;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** {@link ApiContract} on the embedded H2 file database. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ApiH2Test extends ApiContract {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        registry.add("agentruns.data-dir", () -> tempDataDir("agentruns-api-h2").toString());
        registry.add("agentruns.bootstrap-api-key", () -> ADMIN_KEY);
    }
}
