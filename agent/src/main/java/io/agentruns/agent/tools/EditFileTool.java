package io.agentruns.agent.tools;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Replaces an exact piece of text in a file; it must occur exactly once unless replace_all is set. */
public final class EditFileTool implements AgentTool {
    private final WorkspacePaths paths;

    public EditFileTool(WorkspacePaths paths) {
        this.paths = paths;
    }

    @Override
    public ToolSpecification specification() {
        return ToolSpecification.builder().name("edit_file")
                .description("Edit a file by exact text replacement: old_text must match the file exactly "
                        + "(whitespace included) and occur once, unless replace_all is true.")
                .parameters(JsonObjectSchema.builder()
                        .addStringProperty("path", "file path relative to the working directory")
                        .addStringProperty("old_text", "the exact text to replace")
                        .addStringProperty("new_text", "the replacement")
                        .addBooleanProperty("replace_all", "replace every occurrence")
                        .required("path", "old_text", "new_text").build())
                .build();
    }

    @Override
    public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
        Path file = paths.resolve(ToolArgs.string(args, "path"));
        String oldText = ToolArgs.string(args, "old_text");
        String newText = ToolArgs.string(args, "new_text");
        boolean all = ToolArgs.boolOr(args, "replace_all", false);
        if (!Files.isRegularFile(file)) {
            return ToolResult.error("not a file: " + paths.show(file));
        }
        if (oldText.isEmpty()) {
            return ToolResult.error("old_text must not be empty");
        }
        try {
            String before = Files.readString(file, StandardCharsets.UTF_8);
            int count = countOf(before, oldText);
            if (count == 0) {
                return ToolResult.error("old_text was not found in " + paths.show(file) + "; read the file and copy the text exactly");
            }
            if (count > 1 && !all) {
                return ToolResult.error("old_text occurs " + count + " times in " + paths.show(file)
                        + "; add surrounding lines to make it unique or set replace_all");
            }
            String after = all ? before.replace(oldText, newText) : replaceOnce(before, oldText, newText);
            Files.writeString(file, after, StandardCharsets.UTF_8);
            WriteFileTool.recordChange(ctx, paths.show(file), before, after);
            return ToolResult.ok("edited " + paths.show(file) + " (" + (all ? count : 1) + " replacement"
                    + ((all ? count : 1) == 1 ? "" : "s") + ")");
        } catch (IOException e) {
            return ToolResult.error("cannot edit " + paths.show(file) + ": " + e.getMessage());
        }
    }

    private static int countOf(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
            n++;
        }
        return n;
    }

    private static String replaceOnce(String text, String part, String replacement) {
        int i = text.indexOf(part);
        return text.substring(0, i) + replacement + text.substring(i + part.length());
    }
}
