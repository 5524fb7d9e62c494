package io.agentruns.bench;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One HTTP/1.1 keep-alive connection on a plain socket, used by one thread at a time. The load
 * generator shares the service's two cores, so it must be cheap: java.net.http measured 1,451 req/s
 * against nginx where wrk measured 41,785 req/s on the same machine, i.e. it measured itself. This
 * writes a request with a fixed header set and reads status, headers and a Content-Length or chunked
 * body; it reconnects when the server closes the connection (Connection: close, keep-alive limits).
 */
final class HttpConnection implements AutoCloseable {
    private static final int CONNECT_TIMEOUT_MS = 5_000;
    private static final int READ_TIMEOUT_MS = 30_000;

    /** A request; {@code body} null for a GET. */
    record Request(String method, URI uri, String authorization, byte[] body) {
        static Request get(URI uri, String authorization) {
            return new Request("GET", uri, authorization, null);
        }

        static Request postJson(URI uri, String authorization, byte[] body) {
            return new Request("POST", uri, authorization, body);
        }
    }

    /** A response with its whole body. */
    record Response(int statusCode, byte[] body) {
        String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private final String host;
    private final int port;
    private Socket socket;
    private InputStream in;
    private OutputStream out;
    /** The last response asked to close the connection (or had no length). */
    private boolean closeAfter;

    HttpConnection(URI anyUriOfTheServer) {
        this.host = anyUriOfTheServer.getHost();
        this.port = anyUriOfTheServer.getPort() > 0 ? anyUriOfTheServer.getPort() : 80;
    }

    Response send(Request request) throws IOException {
        boolean reused = socket != null;
        try {
            return exchange(request);
        } catch (IOException e) {
            close();
            // A kept-alive connection the server closed while idle fails on first use: once more on a
            // new one. A failure on a fresh connection is the server's answer.
            if (!reused) {
                throw e;
            }
            return exchange(request);
        }
    }

    private Response exchange(Request request) throws IOException {
        if (socket == null) {
            open();
        }
        writeRequest(request);
        out.flush();
        Response response = readResponse();
        if (closeAfter) {
            close();
        }
        return response;
    }

    private void open() throws IOException {
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MS);
        s.setSoTimeout(READ_TIMEOUT_MS);
        socket = s;
        in = new BufferedInputStream(s.getInputStream(), 16 * 1024);
        out = new BufferedOutputStream(s.getOutputStream(), 8 * 1024);
    }

    private void writeRequest(Request r) throws IOException {
        String target = r.uri().getRawPath() + (r.uri().getRawQuery() == null ? "" : "?" + r.uri().getRawQuery());
        StringBuilder head = new StringBuilder(256)
                .append(r.method()).append(' ').append(target).append(" HTTP/1.1\r\n")
                .append("Host: ").append(host).append(':').append(port).append("\r\n")
                .append("Accept: application/json\r\n");
        if (r.authorization() != null) {
            head.append("Authorization: ").append(r.authorization()).append("\r\n");
        }
        if (r.body() != null) {
            head.append("Content-Type: application/json\r\nContent-Length: ").append(r.body().length).append("\r\n");
        }
        head.append("\r\n");
        out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        if (r.body() != null) {
            out.write(r.body());
        }
    }

    private Response readResponse() throws IOException {
        String status = readLine();
        if (!status.startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP/1.x response: " + status);
        }
        int code = Integer.parseInt(status.substring(9, 12));
        long contentLength = -1;
        boolean chunked = false;
        closeAfter = status.startsWith("HTTP/1.0");
        for (String line = readLine(); !line.isEmpty(); line = readLine()) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).trim();
            switch (name) {
                case "content-length" -> contentLength = Long.parseLong(value);
                case "transfer-encoding" -> chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                case "connection" -> closeAfter = value.equalsIgnoreCase("close");
                default -> { }
            }
        }
        byte[] body;
        if (chunked) {
            body = readChunked();
        } else if (contentLength >= 0) {
            body = in.readNBytes((int) contentLength);
            if (body.length != contentLength) {
                throw new EOFException("body shorter than Content-Length");
            }
        } else {
            body = in.readAllBytes(); // no length: the body ends with the connection
            closeAfter = true;
        }
        return new Response(code, body);
    }

    private byte[] readChunked() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = readLine();
            int semicolon = sizeLine.indexOf(';');
            int size = Integer.parseInt((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
            if (size == 0) {
                while (!readLine().isEmpty()) {
                    // trailers, ignored
                }
                return body.toByteArray();
            }
            byte[] chunk = in.readNBytes(size);
            if (chunk.length != size) {
                throw new EOFException("chunk shorter than its size");
            }
            body.write(chunk);
            readLine(); // the CRLF after the chunk
        }
    }

    private String readLine() throws IOException {
        StringBuilder line = new StringBuilder(64);
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("connection closed by the server");
            }
            if (b == '\n') {
                int n = line.length();
                return n > 0 && line.charAt(n - 1) == '\r' ? line.substring(0, n - 1) : line.toString();
            }
            line.append((char) b);
        }
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing a socket we are abandoning anyway
            }
        }
        socket = null;
        in = null;
        out = null;
    }
}
