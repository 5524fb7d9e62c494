package io.agentruns.agent.exec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Wraps commands in bubblewrap when it is wanted and works: the workspace is the only writable
 * place, the service's data directory is replaced by an empty tmpfs (invisible), /tmp is private,
 * and the network can be cut. Guarded by SandboxIsolationTest.
 */
public final class Sandbox {
    private final boolean bwrap;
    private final Path dataDir;

    private Sandbox(boolean bwrap, Path dataDir) {
        this.bwrap = bwrap;
        this.dataDir = dataDir.toAbsolutePath().normalize();
    }

    /** Decides once per service: {@code auto} uses bubblewrap only when a probe run succeeds. */
    public static Sandbox create(SandboxMode mode, Path dataDir) {
        boolean usable = mode != SandboxMode.PROCESS && bwrapWorks();
        if (mode == SandboxMode.BWRAP && !usable) {
            throw new IllegalStateException("AGENTRUNS_SANDBOX=bwrap but bubblewrap is not installed or cannot "
                    + "create namespaces here (apt-get install -y bubblewrap)");
        }
        return new Sandbox(usable, dataDir);
    }

    public boolean usesBubblewrap() {
        return bwrap;
    }

    public String describe() {
        return bwrap ? "bubblewrap" : "process";
    }

    /** The argv that runs {@code command} (a shell command line) in {@code cwd}, isolated if enabled. */
    public List<String> wrap(String command, Path workspace, Path cwd, boolean network) {
        List<String> argv = new ArrayList<>();
        if (bwrap) {
            Path ws = workspace.toAbsolutePath().normalize();
            // the real home is read-only inside the sandbox: tools that write caches get one in the workspace
            Path home = ws.resolve(".home");
            try {
                Files.createDirectories(home);
            } catch (java.io.IOException e) {
                home = Path.of("/tmp");
            }
            argv.addAll(List.of("bwrap", "--die-with-parent", "--unshare-pid", "--unshare-ipc", "--unshare-uts",
                    "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp",
                    "--tmpfs", dataDir.toString(), "--bind", ws.toString(), ws.toString(),
                    "--setenv", "TMPDIR", "/tmp", "--setenv", "HOME", home.toString(), "--chdir", cwd.toAbsolutePath().normalize().toString()));
            if (!network) {
                argv.add("--unshare-net");
            }
        }
        argv.addAll(List.of("bash", "-c", command));
        return argv;
    }

    private static boolean bwrapWorks() {
        if (!onPath("bwrap")) {
            return false;
        }
        try {
            Process p = new ProcessBuilder("bwrap", "--die-with-parent", "--unshare-pid", "--ro-bind", "/", "/",
                    "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp", "--unshare-net", "true")
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    static boolean onPath(String binary) {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String dir : path.split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, binary))) {
                return true;
            }
        }
        return false;
    }
}
