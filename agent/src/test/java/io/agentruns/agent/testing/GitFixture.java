package io.agentruns.agent.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Creates real local git repositories for tests, used through file:// URLs. */
public final class GitFixture {
    private GitFixture() {
    }

    /** A repository at {@code parent/owner/name} with the given files committed on branch main. */
    public static Path repo(Path parent, String owner, String name, Map<String, String> files) throws IOException {
        Path dir = parent.resolve(owner).resolve(name);
        Files.createDirectories(dir);
        for (var e : files.entrySet()) {
            Path f = dir.resolve(e.getKey());
            Files.createDirectories(f.getParent());
            Files.writeString(f, e.getValue());
        }
        git(dir, "init", "-q", "-b", "main");
        git(dir, "add", "-A");
        git(dir, "-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "-m", "initial");
        return dir;
    }

    public static String url(Path repo) {
        return "file://" + repo.toAbsolutePath();
    }

    public static void git(Path dir, String... args) throws IOException {
        List<String> argv = new java.util.ArrayList<>(List.of("git"));
        argv.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(argv).directory(dir.toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (p.waitFor() != 0) {
                throw new IOException("git " + String.join(" ", args) + " failed: " + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }
}
