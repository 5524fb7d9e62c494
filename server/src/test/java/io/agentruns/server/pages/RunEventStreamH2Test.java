package io.agentruns.server.pages;

import org.springframework.boot.test.context.SpringBootTest;

/** {@link RunEventStreamContract} on the embedded H2 database (in-process wake-ups). */
@org.junit.jupiter.api.condition.EnabledIf("io.agentruns.server.pages.PagesTestSupport#engineWired")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RunEventStreamH2Test extends RunEventStreamContract {
}
