package io.agentruns.server.pages;

import org.springframework.boot.test.context.SpringBootTest;

/** {@link RunEventStreamContract} on the embedded H2 database (in-process wake-ups). */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RunEventStreamH2Test extends RunEventStreamContract {
}
