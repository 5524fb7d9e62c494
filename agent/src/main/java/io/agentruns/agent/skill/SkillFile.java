package io.agentruns.agent.skill;

import java.util.LinkedHashMap;
import java.util.Map;

/** A SKILL.md: YAML-style front matter (name, description, ...) between --- lines, then the body. */
public record SkillFile(String name, String description, String body, Map<String, String> frontMatter) {

    /** Parses the file; a file without front matter has no name (and is not listed as a skill). */
    public static SkillFile parse(String text) {
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        Map<String, String> fm = new LinkedHashMap<>();
        String body = t;
        if (t.startsWith("---")) {
            int end = t.indexOf("\n---", 3);
            if (end > 0) {
                for (String line : t.substring(t.indexOf('\n') + 1, end).split("\n")) {
                    int c = line.indexOf(':');
                    if (c > 0 && !Character.isWhitespace(line.charAt(0))) {
                        fm.put(line.substring(0, c).trim(), unquote(line.substring(c + 1).trim()));
                    }
                }
                int bodyStart = t.indexOf('\n', end + 4);
                body = bodyStart < 0 ? "" : t.substring(bodyStart + 1);
            }
        }
        return new SkillFile(fm.get("name"), fm.getOrDefault("description", ""), body.strip(), fm);
    }

    private static String unquote(String v) {
        if (v.length() >= 2 && ((v.startsWith("\"") && v.endsWith("\"")) || (v.startsWith("'") && v.endsWith("'")))) {
            return v.substring(1, v.length() - 1);
        }
        return v;
    }
}
