package io.agentruns.server.runs;

import java.util.regex.Pattern;

/**
 * A skill reference: {@code owner/repo:skill-name} or {@code owner/repo:path/to/SKILL.md}.
 *
 * @param owner repository owner
 * @param repo  repository name
 * @param skill a skill name, or a path ending in {@code SKILL.md}
 */
public record SkillSpec(String owner, String repo, String skill) {
    private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9_.-]{1,100}");
    private static final Pattern SKILL = Pattern.compile("[A-Za-z0-9_.-]{1,100}(/[A-Za-z0-9_.-]{1,100}){0,20}");

    /** @return the spec, or null when {@code value} is malformed */
    public static SkillSpec parse(String value) {
        int colon = value.indexOf(':');
        int slash = value.indexOf('/');
        if (colon < 0 || slash < 0 || slash > colon) {
            return null;
        }
        String owner = value.substring(0, slash);
        String repo = value.substring(slash + 1, colon);
        String skill = value.substring(colon + 1);
        if (!SEGMENT.matcher(owner).matches() || !SEGMENT.matcher(repo).matches() || !SKILL.matcher(skill).matches()
                || skill.contains("..") || owner.equals(".") || repo.equals(".")) {
            return null;
        }
        boolean isPath = skill.contains("/") || skill.endsWith(".md");
        if (isPath && !(skill.equals("SKILL.md") || skill.endsWith("/SKILL.md"))) {
            return null; // a path must name a SKILL.md
        }
        return new SkillSpec(owner, repo, skill);
    }

    /**
     * The skill's name as far as the spec tells: the name itself, or the folder holding the
     * SKILL.md (the repository name for a SKILL.md at the root). The catalog's front-matter name wins.
     */
    public String derivedName() {
        if (!skill.endsWith("SKILL.md")) {
            return skill;
        }
        String folder = skill.substring(0, skill.length() - "SKILL.md".length());
        if (folder.endsWith("/")) {
            folder = folder.substring(0, folder.length() - 1);
        }
        return folder.isEmpty() ? repo : folder.substring(folder.lastIndexOf('/') + 1);
    }
}
