package io.agentruns.agent.tools;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Reads a text file of the workspace, optionally a range of lines. */
public final class ReadFileTool implements AgentTool {
    private static final int MAX_CHARS = 100_000;
    private final WorkspacePaths paths;

    public ReadFileTool(WorkspacePaths paths) {
        this.paths = paths;
    }

    @Override
    public ToolSpecification specification() {
        return ToolSpecification.builder().name("read_file")
                .description("Read a text file (path relative to the working directory). Optionally start_line "
                        + "(1-based) and max_lines. Returns the exact file content.")
                .parameters(JsonObjectSchema.builder()
                        .addStringProperty("path", "file path")
                        .addIntegerProperty("start_line", "optional first line, 1-based")
                        .addIntegerProperty("max_lines", "optional number of lines")
                        .required("path").build())
                .build();
    }

    @Override
    public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
        Path file = paths.resolve(ToolArgs.string(args, "path"));
        if (!Files.isRegularFile(file)) {
            return ToolResult.error("not a file: " + paths.show(file));
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return ToolResult.error("cannot read " + paths.show(file) + ": " + e.getMessage());
        }
        Integer start = ToolArgs.intOr(args, "start_line", null);
        Integer max = ToolArgs.intOr(args, "max_lines", null);
        if (start != null || max != null) {
            List<String> lines = text.lines().toList();
            int from = Math.max(0, (start == null ? 1 : start) - 1);
            int to = max == null ? lines.size() : Math.min(lines.size(), from + Math.max(0, max));
            text = from >= lines.size() ? "" : String.join("\n", lines.subList(from, to)) + "\n";
        }
        if (text.length() > MAX_CHARS) {
            text = text.substring(0, MAX_CHARS) + "\n... [file cut at " + MAX_CHARS + " characters; use start_line]";
        }
        return ToolResult.ok(text);
    }
}
