package io.agentruns.server;

import org.springframework.boot.test.context.SpringBootTest;

/** {@link ApiContract} on the embedded H2 file database (the shared H2 server of {@link ApiTestSupport}). */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ApiH2Test extends ApiContract {
}
