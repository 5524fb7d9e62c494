package io.agentruns.server.pages.stream;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Writes Server-Sent Events frames straight to the servlet response, flushing each one. */
public final class SseWriter {
    private final OutputStream out;

    private SseWriter(OutputStream out) {
        this.out = out;
    }

    /** Commits the response as an event stream (no caching, no proxy buffering). */
    public static SseWriter open(HttpServletResponse response) throws IOException {
        response.setStatus(200);
        response.setContentType("text/event-stream");
        response.setCharacterEncoding("UTF-8");
        response.setHeader("Cache-Control", "no-cache, no-store");
        response.setHeader("X-Accel-Buffering", "no");
        response.setHeader("X-Content-Type-Options", "nosniff");
        SseWriter writer = new SseWriter(response.getOutputStream());
        // Tells EventSource clients how long to wait before reconnecting, and commits the headers.
        writer.write("retry: 2000\n\n");
        return writer;
    }

    /** One event; {@code data} must be a single line (JSON is). */
    public void event(long id, String name, String data) throws IOException {
        StringBuilder frame = new StringBuilder(data.length() + 64);
        frame.append("id: ").append(id).append('\n');
        if (name != null) {
            frame.append("event: ").append(name).append('\n');
        }
        frame.append("data: ").append(data.replace("\r", "").replace("\n", "\ndata: ")).append("\n\n");
        write(frame.toString());
    }

    /** An event without an id (does not move the client's Last-Event-ID). */
    public void event(String name, String data) throws IOException {
        write("event: " + name + "\ndata: " + data.replace("\n", "\ndata: ") + "\n\n");
    }

    /** A comment line: keeps proxies from closing an idle stream and detects a gone client. */
    public void comment(String text) throws IOException {
        write(": " + text + "\n\n");
    }

    private void write(String s) throws IOException {
        out.write(s.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
