package io.agentruns.server.pages;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** Serves the session page's stylesheet and script from our own origin (no CDN). */
@RestController
@io.agentruns.server.config.ConditionalOnApi
@io.agentruns.server.auth.PublicEndpoint
public class PageAssets {
    public static final String CSS_PATH = "/assets/pages/session.css";
    public static final String JS_PATH = "/assets/pages/session.js";

    private final byte[] css = load("session.css");
    private final byte[] js = load("session.js");

    @GetMapping(CSS_PATH)
    public ResponseEntity<byte[]> css() {
        return asset(css, new MediaType("text", "css", java.nio.charset.StandardCharsets.UTF_8));
    }

    @GetMapping(JS_PATH)
    public ResponseEntity<byte[]> js() {
        return asset(js, new MediaType("text", "javascript", java.nio.charset.StandardCharsets.UTF_8));
    }

    private static ResponseEntity<byte[]> asset(byte[] body, MediaType type) {
        return ResponseEntity.ok()
                .contentType(type)
                .cacheControl(CacheControl.maxAge(Duration.ofHours(1)).cachePublic())
                .header("X-Content-Type-Options", "nosniff")
                .body(body);
    }

    private static byte[] load(String name) {
        try (InputStream in = PageAssets.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing page asset " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
