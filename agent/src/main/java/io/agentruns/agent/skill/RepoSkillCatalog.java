package io.agentruns.agent.skill;

import io.agentruns.agent.exec.CommandResult;
import io.agentruns.agent.exec.CommandRunner;
import io.agentruns.agent.workspace.RepoNames;
import io.agentruns.core.environment.Environment;
import io.agentruns.core.environment.RepoRef;
import io.agentruns.core.harness.CancellationToken;
import io.agentruns.core.skill.Skill;
import io.agentruns.core.skill.SkillCatalog;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Lists the skills (SKILL.md with front matter name and description) in the repositories of a
 * team's environments, for GET /api/v1/agent. Repositories are kept as shallow checkouts under
 * {@code <dataDir>/skill-cache} and refreshed when older than {@code refreshAfter}; a repository
 * that cannot be fetched is skipped. Guarded by RepoSkillCatalogTest.
 */
public final class RepoSkillCatalog implements SkillCatalog {
    private static final CancellationToken NEVER = new CancellationToken() {
        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public void onCancel(Runnable action) {
        }
    };

    private final TeamEnvironments environments;
    private final Path cacheDir;
    private final CommandRunner runner;
    private final Clock clock;
    private final Duration refreshAfter;
    private final Map<String, Instant> fetchedAt = new ConcurrentHashMap<>();
    private final Map<String, Object> locks = new ConcurrentHashMap<>();

    public RepoSkillCatalog(TeamEnvironments environments, Path cacheDir, CommandRunner runner, Clock clock,
                            Duration refreshAfter) {
        this.environments = environments;
        this.cacheDir = cacheDir;
        this.runner = runner;
        this.clock = clock;
        this.refreshAfter = refreshAfter;
    }

    @Override
    public List<Skill> list(UUID teamId) {
        Map<String, Skill> byId = new LinkedHashMap<>();
        for (Environment env : environments.list(teamId)) {
            for (RepoRef repo : env.repos()) {
                Optional<Path> dir = checkout(repo);
                if (dir.isEmpty()) {
                    continue;
                }
                String ownerAndRepo = RepoNames.ownerAndRepo(repo.url());
                String owner = ownerAndRepo.contains("/") ? ownerAndRepo.substring(0, ownerAndRepo.indexOf('/')) : "";
                String name = ownerAndRepo.substring(ownerAndRepo.indexOf('/') + 1);
                for (SkillScanner.Found found : SkillScanner.scan(dir.get())) {
                    String id = ownerAndRepo + ":" + found.path();
                    Skill.EnvironmentRef ref = new Skill.EnvironmentRef(env.id(), env.name());
                    byId.merge(id, new Skill(id, found.file().name(), found.file().description(), found.file().body(),
                            owner, name, found.path(), List.of(ref)), (a, b) -> {
                        List<Skill.EnvironmentRef> envs = new ArrayList<>(a.environments());
                        if (!envs.contains(ref)) {
                            envs.add(ref);
                        }
                        return new Skill(a.id(), a.name(), a.description(), a.body(), a.owner(), a.repo(), a.path(), envs);
                    });
                }
            }
        }
        List<Skill> out = new ArrayList<>(byId.values());
        out.sort(Comparator.comparing(Skill::name).thenComparing(Skill::id));
        return out;
    }

    /**
     * The skill a spec names among the team's skills: by id ({@code owner/repo:path/SKILL.md}) or by
     * {@code owner/repo:name}. Run creation uses it to name a run after its skill.
     */
    public Optional<Skill> find(UUID teamId, String spec) {
        SkillSpec parsed = SkillSpec.parse(spec);
        return list(teamId).stream().filter(s -> s.id().equalsIgnoreCase(spec.trim())
                || ((s.owner() + "/" + s.repo()).equalsIgnoreCase(parsed.ownerAndRepo())
                && (parsed.skillName() != null ? s.name().equals(parsed.skillName()) : s.path().equals(parsed.path()))))
                .findFirst();
    }

    private Optional<Path> checkout(RepoRef repo) {
        String key = key(repo);
        Path dir = cacheDir.resolve(key);
        synchronized (locks.computeIfAbsent(key, k -> new Object())) {
            Instant last = fetchedAt.get(key);
            Instant now = clock.instant();
            if (last != null && now.isBefore(last.plus(refreshAfter))) {
                return Files.isDirectory(dir.resolve(".git")) ? Optional.of(dir) : Optional.empty();
            }
            try {
                Files.createDirectories(cacheDir);
                CommandResult r;
                if (Files.isDirectory(dir.resolve(".git"))) {
                    String ref = repo.branch() == null || repo.branch().isBlank() ? "HEAD" : repo.branch();
                    r = runner.run(List.of("git", "fetch", "--quiet", "--depth", "1", "origin", ref), dir,
                            Duration.ofSeconds(60), NEVER);
                    if (r.succeeded()) {
                        r = runner.run(List.of("git", "reset", "--quiet", "--hard", "FETCH_HEAD"), dir,
                                Duration.ofMinutes(1), NEVER);
                    }
                } else {
                    List<String> argv = new ArrayList<>(List.of("git", "clone", "--quiet", "--depth", "1"));
                    if (repo.branch() != null && !repo.branch().isBlank()) {
                        argv.addAll(List.of("--branch", repo.branch()));
                    }
                    argv.addAll(List.of("--", repo.url(), dir.toString()));
                    r = runner.run(argv, cacheDir, Duration.ofSeconds(60), NEVER);
                }
                if (!r.succeeded()) {
                    // remember the failure too: listing must not retry an unreachable repository on every request
                    fetchedAt.put(key, now);
                    return Files.isDirectory(dir.resolve(".git")) ? Optional.of(dir) : Optional.empty();
                }
                fetchedAt.put(key, now);
                return Optional.of(dir);
            } catch (java.io.IOException | RuntimeException e) {
                return Optional.empty();
            }
        }
    }

    private static String key(RepoRef repo) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest((repo.url() + "#" + (repo.branch() == null ? "" : repo.branch()))
                    .getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
