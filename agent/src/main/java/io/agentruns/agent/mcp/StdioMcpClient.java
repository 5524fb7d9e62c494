package io.agentruns.agent.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** An MCP server run as a child process (own process group), JSON-RPC messages one per line. */
final class StdioMcpClient extends JsonRpcMcpClient {
    private static final int STDERR_KEEP = 4000;
    private final Process process;
    private final OutputStream stdin;
    private final StringBuilder stderr = new StringBuilder();

    StdioMcpClient(String command, List<String> args, Map<String, String> env, Path cwd) throws IOException {
        List<String> argv = new ArrayList<>(List.of("setsid", "--wait", command));
        argv.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(argv).directory(cwd.toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        this.process = pb.start();
        this.stdin = process.getOutputStream();
        Thread.ofVirtual().start(this::readStdout);
        Thread.ofVirtual().start(this::readStderr);
    }

    @Override
    protected synchronized void send(ObjectNode message, Duration timeout) throws IOException {
        if (!process.isAlive()) {
            throw new IOException("the server process exited with code " + process.exitValue());
        }
        stdin.write((JSON.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    private void readStdout() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                try {
                    onMessage(JSON.readTree(line));
                } catch (IOException notJson) {
                    appendStderr("[stdout] " + line + "\n");
                }
            }
        } catch (IOException ignored) {
            // process ended
        }
        failAll("the server process closed its output" + (process.isAlive() ? "" : " (exit code "
                + exitCodeOrUnknown() + ")"));
    }

    private String exitCodeOrUnknown() {
        try {
            process.waitFor(java.util.concurrent.TimeUnit.MILLISECONDS.toMillis(500), java.util.concurrent.TimeUnit.MILLISECONDS);
            return process.isAlive() ? "?" : Integer.toString(process.exitValue());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "?";
        }
    }

    private void readStderr() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                appendStderr(line + "\n");
            }
        } catch (IOException ignored) {
            // process ended
        }
    }

    private synchronized void appendStderr(String s) {
        stderr.append(s);
        if (stderr.length() > 2 * STDERR_KEEP) {
            stderr.delete(0, stderr.length() - STDERR_KEEP);
        }
    }

    @Override
    public synchronized String diagnostics() {
        String s = stderr.length() > STDERR_KEEP ? stderr.substring(stderr.length() - STDERR_KEEP) : stderr.toString();
        return s.isBlank() ? "" : "stderr: " + s.strip();
    }

    @Override
    public void close() {
        try {
            stdin.close();
        } catch (IOException ignored) {
            // already gone
        }
        try {
            new ProcessBuilder("kill", "-KILL", "--", "-" + process.pid()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
        } catch (IOException | InterruptedException ignored) {
            // per-process kill below
        }
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
