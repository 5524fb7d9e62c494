package io.agentruns.agent.skill;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Finds the SKILL.md files of a checked-out repository (skipping .git and dependency folders). */
public final class SkillScanner {
    private static final int MAX_DEPTH = 6;

    private SkillScanner() {
    }

    /** A skill found in a repository; {@code path} is relative to the repository root, with '/'. */
    public record Found(String path, SkillFile file) {
    }

    public static List<Found> scan(Path repoDir) {
        List<Found> out = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(repoDir, MAX_DEPTH)) {
            walk.filter(p -> p.getFileName() != null && p.getFileName().toString().equals("SKILL.md"))
                    .filter(p -> !skipped(repoDir.relativize(p)))
                    .sorted()
                    .forEach(p -> {
                        try {
                            SkillFile f = SkillFile.parse(Files.readString(p, StandardCharsets.UTF_8));
                            if (f.name() != null && !f.name().isBlank()) {
                                out.add(new Found(repoDir.relativize(p).toString().replace('\\', '/'), f));
                            }
                        } catch (IOException | RuntimeException unreadable) {
                            // not a usable skill file
                        }
                    });
        } catch (IOException | RuntimeException e) {
            return out;
        }
        return out;
    }

    private static boolean skipped(Path rel) {
        for (Path part : rel) {
            String s = part.toString();
            if (s.equals(".git") || s.equals("node_modules") || s.equals("target") || s.equals("vendor")) {
                return true;
            }
        }
        return false;
    }
}
