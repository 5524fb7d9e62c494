package io.agentruns.agent.tools;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import io.agentruns.core.event.EventType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Creates or overwrites a file and records the change with its diff. */
public final class WriteFileTool implements AgentTool {
    private final WorkspacePaths paths;

    public WriteFileTool(WorkspacePaths paths) {
        this.paths = paths;
    }

    @Override
    public ToolSpecification specification() {
        return ToolSpecification.builder().name("write_file")
                .description("Create or overwrite a file with the given content (parent directories are created).")
                .parameters(JsonObjectSchema.builder()
                        .addStringProperty("path", "file path relative to the working directory")
                        .addStringProperty("content", "the complete new content")
                        .required("path", "content").build())
                .build();
    }

    @Override
    public ToolResult execute(Map<String, Object> args, ToolContext ctx) {
        Path file = paths.resolve(ToolArgs.string(args, "path"));
        String content = ToolArgs.string(args, "content");
        try {
            String before = Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : null;
            Files.createDirectories(file.getParent());
            Files.writeString(file, content, StandardCharsets.UTF_8);
            recordChange(ctx, paths.show(file), before, content);
            return ToolResult.ok((before == null ? "created " : "wrote ") + paths.show(file) + " ("
                    + content.length() + " characters)");
        } catch (IOException e) {
            return ToolResult.error("cannot write " + paths.show(file) + ": " + e.getMessage());
        }
    }

    static void recordChange(ToolContext ctx, String shown, String before, String after) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("call_id", ctx.callId());
        data.put("path", shown);
        data.put("change", before == null ? "created" : "modified");
        data.put("diff", FileDiffs.unified(shown, before, after));
        ctx.events().emit(EventType.FILE_CHANGE, data);
    }
}
