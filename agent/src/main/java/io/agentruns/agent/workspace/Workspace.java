package io.agentruns.agent.workspace;

import io.agentruns.core.environment.RepoRef;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * A run's directory {@code <dataDir>/workspaces/<runId>} with its cloned repositories. The agent
 * works in {@link #workingDir()}: the repository when there is exactly one, else the root.
 */
public record Workspace(Path root, List<ClonedRepo> repos) {

    /** A repository cloned into the workspace. */
    public record ClonedRepo(RepoRef ref, String ownerAndRepo, Path dir) {
    }

    public Workspace {
        repos = List.copyOf(repos);
    }

    public Path workingDir() {
        return repos.size() == 1 ? repos.getFirst().dir() : root;
    }

    public Workspace withRepos(List<ClonedRepo> cloned) {
        return new Workspace(root, cloned);
    }

    /** Deletes the workspace; files made read-only by tools are made writable first. */
    public void delete() {
        if (!Files.exists(root)) {
            return;
        }
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    file.toFile().setWritable(true);
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    dir.toFile().setWritable(true);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete workspace " + root, e);
        }
    }
}
