package io.agentruns.server.api;

import io.agentruns.server.auth.PublicEndpoint;
import io.agentruns.server.config.ConditionalOnApi;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The OpenAPI 3.1 document of /api/v1, hand-written in {@code openapi.json} (resources);
 * {@code OpenApiMatchTest} checks it against the served routes and response shapes.
 */
@RestController
@ConditionalOnApi
@PublicEndpoint
public class OpenApiController {
    private final byte[] document;

    public OpenApiController() {
        try (InputStream in = OpenApiController.class.getResourceAsStream("/openapi.json")) {
            if (in == null) {
                throw new IllegalStateException("openapi.json is missing from the classpath");
            }
            document = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @GetMapping("/api/v1/openapi.json")
    public ResponseEntity<byte[]> openApi() {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(document);
    }
}
