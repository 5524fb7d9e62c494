package io.agentruns.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The bench's own HTTP client against the JDK's HTTP server on a loopback port. */
class HttpConnectionTest {
    private HttpServer server;
    private URI base;
    private final List<String> seen = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/fixed", ex -> {
            byte[] body = ("fixed " + ex.getRequestMethod()).getBytes(StandardCharsets.UTF_8);
            synchronized (seen) {
                seen.add(ex.getRequestMethod() + " " + ex.getRequestURI() + " " + ex.getRequestHeaders().getFirst("Authorization")
                        + " " + new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            }
            ex.sendResponseHeaders(201, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.createContext("/chunked", ex -> {
            ex.sendResponseHeaders(200, 0); // length 0: chunked
            for (int i = 0; i < 3; i++) {
                ex.getResponseBody().write(("part" + i + ",").getBytes(StandardCharsets.UTF_8));
                ex.getResponseBody().flush();
            }
            ex.close();
        });
        server.createContext("/close", ex -> {
            byte[] body = "bye".getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Connection", "close");
            ex.sendResponseHeaders(404, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
        base = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void sendsRequestsOnOneKeptAliveConnectionAndReadsBothBodyFramings() throws Exception {
        try (HttpConnection c = new HttpConnection(base)) {
            HttpConnection.Response post = c.send(HttpConnection.Request.postJson(base.resolve("/fixed?x=1"), "Bearer k",
                    "{\"a\":1}".getBytes(StandardCharsets.UTF_8)));
            HttpConnection.Response chunked = c.send(HttpConnection.Request.get(base.resolve("/chunked"), null));
            HttpConnection.Response get = c.send(HttpConnection.Request.get(base.resolve("/fixed"), null));

            assertThat(post.statusCode()).isEqualTo(201);
            assertThat(post.bodyText()).isEqualTo("fixed POST");
            assertThat(chunked.statusCode()).isEqualTo(200);
            assertThat(chunked.bodyText()).isEqualTo("part0,part1,part2,");
            assertThat(get.bodyText()).isEqualTo("fixed GET");
            assertThat(seen).containsExactly("POST /fixed?x=1 Bearer k {\"a\":1}", "GET /fixed null ");
        }
    }

    @Test
    void reconnectsAfterTheServerAskedToClose() throws Exception {
        try (HttpConnection c = new HttpConnection(base)) {
            HttpConnection.Response closing = c.send(HttpConnection.Request.get(base.resolve("/close"), null));
            HttpConnection.Response next = c.send(HttpConnection.Request.get(base.resolve("/fixed"), null));

            assertThat(closing.statusCode()).isEqualTo(404);
            assertThat(closing.bodyText()).isEqualTo("bye");
            assertThat(next.statusCode()).isEqualTo(201);
        }
    }
}
