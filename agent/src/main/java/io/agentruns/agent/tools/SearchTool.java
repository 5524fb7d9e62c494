package io.agentruns.agent.tools;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Stream;

/** Searches file contents with a regular expression, like grep -rn. */
public final class SearchTool implements AgentTool {
    private static final int MAX_MATCHES = 200;
    private final WorkspacePaths paths;

    public SearchTool(WorkspacePaths paths) {
        this.paths = paths;
    }

    @Override
    public ToolSpecification specification() {
        return ToolSpecification.builder().name("search")
                .description("Search file contents (recursively, .git excluded) for a Java regular expression; "
                        + "answers path:line: text for each match, at most " + MAX_MATCHES + ".")
                .parameters(JsonObjectSchema.builder()
                        .addStringProperty("pattern", "regular expression")
                        .addStringProperty("path", "directory or file (default .)")
                        .addStringProperty("glob", "optional file name glob, e.g. *.java")
                        .required("pattern").build())
                .build();
    }

    @Override
    public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
        Pattern pattern;
        try {
            pattern = Pattern.compile(ToolArgs.string(args, "pattern"));
        } catch (PatternSyntaxException e) {
            return ToolResult.error("bad pattern: " + e.getDescription());
        }
        Path base = paths.resolve(ToolArgs.stringOr(args, "path", "."));
        String glob = ToolArgs.stringOr(args, "glob", null);
        PathMatcher matcher = glob == null ? null : FileSystems.getDefault().getPathMatcher("glob:" + glob);
        List<String> out = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(base)) {
            for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile)
                    .filter(p -> !p.toString().contains("/.git/"))
                    .filter(p -> matcher == null || matcher.matches(p.getFileName()))::iterator) {
                if (out.size() >= MAX_MATCHES) {
                    break;
                }
                List<String> lines;
                try {
                    lines = Files.readAllLines(p, StandardCharsets.UTF_8);
                } catch (MalformedInputException e) {
                    continue;
                }
                for (int i = 0; i < lines.size() && out.size() < MAX_MATCHES; i++) {
                    if (pattern.matcher(lines.get(i)).find()) {
                        String line = lines.get(i);
                        out.add(paths.show(p) + ":" + (i + 1) + ": " + (line.length() > 300 ? line.substring(0, 300) : line));
                    }
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            return ToolResult.error("cannot search " + paths.show(base) + ": " + e.getMessage());
        }
        return ToolResult.ok(out.isEmpty() ? "(no matches)" : String.join("\n", out)
                + (out.size() >= MAX_MATCHES ? "\n... more matches not shown" : ""));
    }
}
