package io.agentruns.agent.tools;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Lists files under a directory, optionally filtered by a glob such as {@code **}{@code /*.java}. */
public final class ListFilesTool implements AgentTool {
    static final int MAX_ENTRIES = 1000;
    private final WorkspacePaths paths;

    public ListFilesTool(WorkspacePaths paths) {
        this.paths = paths;
    }

    @Override
    public ToolSpecification specification() {
        return ToolSpecification.builder().name("list_files")
                .description("List files (recursively, .git excluded) under a directory, optionally matching a glob "
                        + "relative to that directory, e.g. `**/*.py` or `src/*.c`.")
                .parameters(JsonObjectSchema.builder()
                        .addStringProperty("path", "directory relative to the working directory (default .)")
                        .addStringProperty("glob", "optional glob pattern")
                        .build())
                .build();
    }

    @Override
    public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
        Path dir = paths.resolve(ToolArgs.stringOr(args, "path", "."));
        String glob = ToolArgs.stringOr(args, "glob", null);
        if (!Files.isDirectory(dir)) {
            return ToolResult.error("not a directory: " + paths.show(dir));
        }
        PathMatcher matcher = glob == null ? null : FileSystems.getDefault().getPathMatcher("glob:" + glob);
        List<String> out = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.filter(p -> !dir.relativize(p).toString().startsWith(".git") && !p.toString().contains("/.git/"))
                    .filter(Files::isRegularFile)
                    .filter(p -> matcher == null || matcher.matches(dir.relativize(p))
                            || matcher.matches(dir.relativize(p).getFileName()))
                    .limit(MAX_ENTRIES + 1)
                    .forEach(p -> out.add(paths.show(p)));
        } catch (IOException | java.io.UncheckedIOException e) {
            return ToolResult.error("cannot list " + paths.show(dir) + ": " + e.getMessage());
        }
        out.sort(String::compareTo);
        String more = out.size() > MAX_ENTRIES ? "\n... more files not shown" : "";
        List<String> shown = out.size() > MAX_ENTRIES ? out.subList(0, MAX_ENTRIES) : out;
        return ToolResult.ok(shown.isEmpty() ? "(no files)" : String.join("\n", shown) + more);
    }
}
