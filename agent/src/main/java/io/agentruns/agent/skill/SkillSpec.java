package io.agentruns.agent.skill;

import io.agentruns.core.error.ApiException;

/**
 * A parsed {@code skill_spec}: {@code owner/repo:skill-name} or {@code owner/repo:path/to/SKILL.md}.
 * Exactly one of {@code skillName} and {@code path} is set.
 */
public record SkillSpec(String owner, String repo, String skillName, String path) {

    public static SkillSpec parse(String spec) {
        if (spec == null) {
            throw ApiException.invalid("skill_spec is missing");
        }
        String s = spec.trim();
        int colon = s.indexOf(':');
        int slash = s.indexOf('/');
        if (colon <= 0 || slash <= 0 || slash > colon || colon == s.length() - 1) {
            throw ApiException.invalid("skill_spec must look like owner/repo:skill-name or owner/repo:path/to/SKILL.md, not '"
                    + spec + "'");
        }
        String owner = s.substring(0, slash);
        String repo = s.substring(slash + 1, colon);
        String rest = s.substring(colon + 1);
        if (repo.isEmpty() || repo.contains("/") || rest.contains("..")) {
            throw ApiException.invalid("skill_spec must look like owner/repo:skill-name or owner/repo:path/to/SKILL.md, not '"
                    + spec + "'");
        }
        return rest.toLowerCase(java.util.Locale.ROOT).endsWith(".md")
                ? new SkillSpec(owner, repo, null, rest.startsWith("/") ? rest.substring(1) : rest)
                : new SkillSpec(owner, repo, rest, null);
    }

    /**
     * The name a run from this skill gets when the skill file itself is not at hand: the skill name,
     * or the directory that holds the SKILL.md (by convention the skill's name).
     */
    public String impliedName() {
        if (skillName != null) {
            return skillName;
        }
        String[] parts = path.split("/");
        return parts.length >= 2 ? parts[parts.length - 2] : repo;
    }

    public String ownerAndRepo() {
        return owner + "/" + repo;
    }
}
