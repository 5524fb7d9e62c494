package io.agentruns.server.sdk;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy in front of the service that loses answers: for the first {@code n} requests that start
 * with a given prefix (e.g. {@code POST /api/v1/agent/runs}) it forwards the request, lets the service
 * process it, then closes the client's connection instead of passing the answer on. The client sees a
 * dropped connection for a request that did take effect: the case idempotency keys exist for.
 */
final class FlakyProxy implements AutoCloseable {
    private final ServerSocket server;
    private final int upstreamPort;
    private final String prefix;
    private final AtomicInteger answersToLose;
    private final AtomicInteger lost = new AtomicInteger();
    private final String cutBefore;

    FlakyProxy(int upstreamPort, String prefix, int answersToLose) throws IOException {
        this(upstreamPort, prefix, answersToLose, null);
    }

    /**
     * With {@code cutBefore}, a doomed answer is passed on up to the first occurrence of that text and the
     * connection is cut there (a stream that breaks in the middle) instead of losing the whole answer.
     */
    FlakyProxy(int upstreamPort, String prefix, int answersToLose, String cutBefore) throws IOException {
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.upstreamPort = upstreamPort;
        this.prefix = prefix;
        this.answersToLose = new AtomicInteger(answersToLose);
        this.cutBefore = cutBefore;
        Thread.ofVirtual().start(this::acceptLoop);
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    /** How many answers were lost so far. */
    int lost() {
        return lost.get();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Thread.ofVirtual().start(() -> serve(client));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        try (client; Socket upstream = new Socket(InetAddress.getLoopbackAddress(), upstreamPort)) {
            boolean[] doomed = {false};
            Thread toUpstream = Thread.ofVirtual().start(() -> pipeRequests(client, upstream, doomed));
            pipeAnswers(upstream, client, doomed);
            toUpstream.join(1000);
        } catch (IOException | InterruptedException ignored) {
            // one side closed: the connection is over
        }
    }

    private void pipeRequests(Socket client, Socket upstream, boolean[] doomed) {
        byte[] buf = new byte[16384];
        try {
            InputStream in = client.getInputStream();
            OutputStream out = upstream.getOutputStream();
            for (int n; (n = in.read(buf)) > 0; ) {
                String start = new String(buf, 0, Math.min(n, prefix.length()), StandardCharsets.ISO_8859_1);
                if (start.equals(prefix) && answersToLose.getAndDecrement() > 0) {
                    synchronized (doomed) {
                        doomed[0] = true;
                    }
                }
                out.write(buf, 0, n);
                out.flush();
            }
        } catch (IOException ignored) {
            // closed
        }
    }

    private void pipeAnswers(Socket upstream, Socket client, boolean[] doomed) throws IOException {
        byte[] buf = new byte[16384];
        InputStream in = upstream.getInputStream();
        OutputStream out = client.getOutputStream();
        StringBuilder seen = new StringBuilder();
        for (int n; (n = in.read(buf)) > 0; ) {
            synchronized (doomed) {
                if (doomed[0] && cutBefore != null) {
                    int before = seen.length();
                    seen.append(new String(buf, 0, n, StandardCharsets.ISO_8859_1));
                    int at = seen.indexOf(cutBefore);
                    if (at < 0) {
                        out.write(buf, 0, n);
                        out.flush();
                        continue;
                    }
                    out.write(buf, 0, Math.max(0, at - before));
                    out.flush();
                    lost.incrementAndGet();
                    client.close();
                    upstream.close();
                    return;
                }
                if (doomed[0]) {
                    // The service has answered, so the request took effect; the client never hears of it.
                    lost.incrementAndGet();
                    client.close();
                    upstream.close();
                    return;
                }
            }
            out.write(buf, 0, n);
            out.flush();
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
