package io.agentruns.agent.tools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Resolves paths the model names against the working directory and refuses anything outside the
 * workspace, symlinks included (the file tools run outside the sandbox). Guarded by FileToolsTest.
 */
public final class WorkspacePaths {
    private final Path root;
    private final Path workingDir;

    public WorkspacePaths(Path root, Path workingDir) {
        try {
            this.root = root.toRealPath();
            this.workingDir = workingDir.toRealPath();
        } catch (IOException e) {
            throw new IllegalStateException("workspace missing: " + root, e);
        }
    }

    public Path root() {
        return root;
    }

    public Path workingDir() {
        return workingDir;
    }

    public Path resolve(String name) {
        Path p = workingDir.resolve(name == null || name.isBlank() ? "." : name).normalize();
        if (!p.startsWith(root)) {
            throw new IllegalArgumentException("path is outside the workspace: " + name);
        }
        Path existing = p;
        while (existing != null && !Files.exists(existing, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        try {
            if (existing != null && !existing.toRealPath().startsWith(root)) {
                throw new IllegalArgumentException("path leads outside the workspace: " + name);
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot resolve " + name + ": " + e.getMessage());
        }
        return p;
    }

    /** The path as the model should see it: relative to the working directory. */
    public String show(Path p) {
        Path rel = workingDir.relativize(p);
        return rel.toString().isEmpty() ? "." : rel.toString();
    }
}
