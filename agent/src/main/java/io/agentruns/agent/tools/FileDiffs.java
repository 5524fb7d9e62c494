package io.agentruns.agent.tools;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import java.util.List;

/** Unified diffs of file edits for the transcript. */
public final class FileDiffs {
    private FileDiffs() {
    }

    public static String unified(String path, String before, String after) {
        List<String> a = before == null ? List.of() : before.lines().toList();
        List<String> b = after.lines().toList();
        List<String> lines = UnifiedDiffUtils.generateUnifiedDiff(before == null ? "/dev/null" : "a/" + path,
                "b/" + path, a, DiffUtils.diff(a, b), 3);
        return String.join("\n", lines) + "\n";
    }
}
