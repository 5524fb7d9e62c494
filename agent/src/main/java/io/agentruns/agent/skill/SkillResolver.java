package io.agentruns.agent.skill;

import io.agentruns.agent.workspace.Workspace;
import io.agentruns.core.error.ApiException;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.harness.HarnessException;
import io.agentruns.core.run.StatusMessage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** Resolves a run's skill_spec against the repositories cloned into its workspace. Guarded by AgentHarnessSkillTest. */
public final class SkillResolver {
    private SkillResolver() {
    }

    /** A skill resolved for a run: its name, where it came from, and the prompt text. */
    public record ResolvedSkill(String spec, String name, String description, String path, String body) {
    }

    public static ResolvedSkill resolve(String spec, Workspace ws) throws HarnessException {
        SkillSpec parsed;
        try {
            parsed = SkillSpec.parse(spec);
        } catch (ApiException e) {
            throw new HarnessException(new StatusMessage(e.getMessage(), ErrorCode.INVALID_REQUEST, false));
        }
        Workspace.ClonedRepo repo = findRepo(parsed, ws).orElseThrow(() -> notFound(spec,
                "no repository " + parsed.ownerAndRepo() + " in the run's environment"));
        if (parsed.path() != null) {
            Path file = repo.dir().resolve(parsed.path()).normalize();
            if (!file.startsWith(repo.dir()) || !Files.isRegularFile(file)) {
                throw notFound(spec, parsed.path() + " does not exist in " + parsed.ownerAndRepo());
            }
            try {
                SkillFile f = SkillFile.parse(Files.readString(file, StandardCharsets.UTF_8));
                String name = f.name() == null || f.name().isBlank() ? parsed.impliedName() : f.name();
                return new ResolvedSkill(spec, name, f.description(), parsed.path(), f.body());
            } catch (IOException e) {
                throw notFound(spec, "cannot read " + parsed.path() + ": " + e.getMessage());
            }
        }
        for (SkillScanner.Found found : SkillScanner.scan(repo.dir())) {
            String dirName = found.path().contains("/")
                    ? found.path().substring(0, found.path().lastIndexOf('/')).replaceAll(".*/", "") : "";
            if (found.file().name().equals(parsed.skillName()) || dirName.equals(parsed.skillName())) {
                return new ResolvedSkill(spec, found.file().name(), found.file().description(), found.path(),
                        found.file().body());
            }
        }
        throw notFound(spec, "no SKILL.md named '" + parsed.skillName() + "' in " + parsed.ownerAndRepo());
    }

    private static Optional<Workspace.ClonedRepo> findRepo(SkillSpec spec, Workspace ws) {
        String wanted = spec.ownerAndRepo().toLowerCase(Locale.ROOT);
        Optional<Workspace.ClonedRepo> exact = ws.repos().stream()
                .filter(r -> r.ownerAndRepo().toLowerCase(Locale.ROOT).equals(wanted)).findFirst();
        if (exact.isPresent()) {
            return exact;
        }
        String repoOnly = spec.repo().toLowerCase(Locale.ROOT);
        var byName = ws.repos().stream()
                .filter(r -> r.ownerAndRepo().toLowerCase(Locale.ROOT).endsWith("/" + repoOnly)
                        || r.ownerAndRepo().equalsIgnoreCase(repoOnly)).toList();
        return byName.size() == 1 ? Optional.of(byName.getFirst()) : Optional.empty();
    }

    private static HarnessException notFound(String spec, String why) {
        return new HarnessException(new StatusMessage("Skill " + spec + " not found: " + why,
                ErrorCode.RESOURCE_NOT_FOUND, false));
    }
}
