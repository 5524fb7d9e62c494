package io.agentruns.agent.exec;

import io.agentruns.core.harness.CancellationToken;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one command line in its own session and process group ({@code setsid}), with a timeout, an
 * output cap and a scrubbed environment; on timeout or cancel the whole group is killed, so
 * background children die too. Guarded by CommandRunnerTest.
 */
public final class CommandRunner {
    private final Sandbox sandbox;
    private final Map<String, String> environment;
    private final int outputCap;

    public CommandRunner(Sandbox sandbox, Map<String, String> environment, int outputCap) {
        this.sandbox = sandbox;
        this.environment = Map.copyOf(environment);
        this.outputCap = outputCap;
    }

    public Sandbox sandbox() {
        return sandbox;
    }

    /** Runs {@code command} through the sandbox (when enabled) with {@code workspace} writable. */
    public CommandResult runSandboxed(String command, Path workspace, Path cwd, Duration timeout, boolean network,
                                      CancellationToken cancel) {
        return run(sandbox.wrap(command, workspace, cwd, network), cwd, timeout, cancel);
    }

    /** Runs an argv directly (no sandbox), e.g. git clone into a fresh workspace. */
    public CommandResult run(List<String> argv, Path cwd, Duration timeout, CancellationToken cancel) {
        long start = System.nanoTime();
        List<String> full = new ArrayList<>();
        full.add("setsid");
        full.add("--wait");
        full.addAll(argv);
        ProcessBuilder pb = new ProcessBuilder(full).directory(cwd.toFile()).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().putAll(environment);
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            return new CommandResult(127, "cannot start command: " + e.getMessage(), false, 0, false, false);
        }
        try {
            process.getOutputStream().close();
        } catch (IOException ignored) {
            // stdin is closed so that commands waiting for input end at once
        }
        CappedOutput output = new CappedOutput(outputCap);
        Thread reader = Thread.ofVirtual().start(() -> drain(process, output));
        AtomicBoolean cancelled = new AtomicBoolean();
        cancel.onCancel(() -> {
            if (process.isAlive()) {
                cancelled.set(true);
                killGroup(process);
            }
        });
        boolean timedOut = false;
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                timedOut = true;
                killGroup(process);
                process.waitFor(10, TimeUnit.SECONDS);
            }
            reader.join(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            killGroup(process);
            cancelled.set(true);
            Thread.currentThread().interrupt();
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        int exit = process.isAlive() ? -1 : process.exitValue();
        String text = output.text();
        if (timedOut) {
            text += "\n[command timed out after " + timeout.toSeconds() + "s and was killed]";
        } else if (cancelled.get()) {
            text += "\n[command cancelled]";
        }
        return new CommandResult(exit, text, output.truncated(), ms, timedOut, cancelled.get() && !timedOut);
    }

    private static void drain(Process process, CappedOutput output) {
        try (Reader r = new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)) {
            char[] buf = new char[8192];
            int n;
            while ((n = r.read(buf)) >= 0) {
                output.append(buf, n);
            }
        } catch (IOException ignored) {
            // the process was killed; what was read is kept
        }
    }

    /** setsid made the child the leader of a new group whose id is its pid: signal the whole group. */
    static void killGroup(Process process) {
        long pid = process.pid();
        try {
            new ProcessBuilder("kill", "-KILL", "--", "-" + pid).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(5, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException ignored) {
            // fall through to the per-process kill below
        }
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
