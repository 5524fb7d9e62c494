package io.agentruns.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.function.Function;

/**
 * A tiny HTTP/1.1 server on 127.0.0.1 for SDK tests that answers from a script: each request takes the next
 * scripted action (drop the connection, answer a status with headers and body, stall, stream lines), then
 * the fallback. Every request is recorded with its headers and body.
 */
final class FailureInjectingServer implements AutoCloseable {
    record Recorded(String method, String target, Map<String, String> headers, String body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /** What to do with one request. */
    interface Action {
        void apply(Recorded request, Socket socket) throws IOException;
    }

    private final ServerSocket server;
    private final Thread acceptor;
    private final ConcurrentLinkedDeque<Function<Recorded, Action>> script = new ConcurrentLinkedDeque<>();
    private final List<Recorded> requests = Collections.synchronizedList(new ArrayList<>());
    private volatile Function<Recorded, Action> fallback = r -> respond(500, "{\"error_code\":\"internal_error\"}");

    FailureInjectingServer() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = Thread.ofVirtual().start(this::acceptLoop);
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    FailureInjectingServer then(Action action) {
        script.addLast(r -> action);
        return this;
    }

    FailureInjectingServer then(Function<Recorded, Action> action) {
        script.addLast(action);
        return this;
    }

    FailureInjectingServer otherwise(Function<Recorded, Action> action) {
        fallback = action;
        return this;
    }

    List<Recorded> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    static Action drop() {
        return (req, socket) -> socket.close();
    }

    static Action respond(int status, String json, String... headers) {
        return (req, socket) -> {
            byte[] body = json.getBytes(StandardCharsets.UTF_8);
            StringBuilder head = new StringBuilder("HTTP/1.1 " + status + " X\r\n");
            head.append("Content-Type: ").append(status >= 400 ? "application/problem+json" : "application/json")
                    .append("\r\nContent-Length: ").append(body.length).append("\r\nConnection: close\r\n");
            for (int i = 0; i + 1 < headers.length; i += 2) {
                head.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
            }
            head.append("\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.UTF_8));
            out.write(body);
            out.flush();
            socket.close();
        };
    }

    static Action problem(int status, String code, String detail, String... headers) {
        return respond(status, "{\"type\":\"about:blank/errors/" + code + "\",\"title\":\"t\",\"status\":" + status
                + ",\"detail\":\"" + detail + "\",\"error_code\":\"" + code + "\",\"retryable\":"
                + (status >= 500 || status == 429) + ",\"trace_id\":\"tr-1\"}", headers);
    }

    /** Sends an event-stream with these raw lines, then closes the connection (a dropped stream). */
    static Action stream(String... lines) {
        return (req, socket) -> {
            OutputStream out = socket.getOutputStream();
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            for (String line : lines) {
                out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            }
            out.flush();
            socket.close();
        };
    }

    /** Reads the request and never answers (until the client gives up). */
    static Action stall() {
        return (req, socket) -> {
            try {
                Thread.sleep(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            socket.close();
        };
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                Thread.ofVirtual().start(() -> handle(socket));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void handle(Socket socket) {
        try (socket) {
            Recorded request = read(socket.getInputStream());
            if (request == null) {
                return;
            }
            requests.add(request);
            Function<Recorded, Action> next = script.pollFirst();
            (next != null ? next : fallback).apply(request).apply(request, socket);
        } catch (IOException ignored) {
            // the client went away
        }
    }

    private static Recorded read(InputStream in) throws IOException {
        String requestLine = readLine(in);
        if (requestLine == null || requestLine.isEmpty()) {
            return null;
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = readLine(in); line != null && !line.isEmpty(); line = readLine(in)) {
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        byte[] body = in.readNBytes(length);
        String[] parts = requestLine.split(" ");
        return new Recorded(parts[0], parts[1], headers, new String(body, StandardCharsets.UTF_8));
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        int c;
        while ((c = in.read()) != -1) {
            if (c == '\n') {
                int len = sb.length();
                return len > 0 && sb.charAt(len - 1) == '\r' ? sb.substring(0, len - 1) : sb.toString();
            }
            sb.append((char) c);
        }
        return sb.isEmpty() ? null : sb.toString();
    }

    @Override
    public void close() throws IOException {
        server.close();
        acceptor.interrupt();
    }
}
