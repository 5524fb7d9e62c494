package io.agentruns.agent.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentruns.agent.testing.RecordingEventSink;
import io.agentruns.agent.testing.TestCancellation;
import io.agentruns.core.event.EventType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileToolsTest {
    @TempDir
    Path tmp;
    Path ws;
    WorkspacePaths paths;
    RecordingEventSink events = new RecordingEventSink();
    ToolContext ctx;

    @BeforeEach
    void setUp() throws Exception {
        ws = Files.createDirectories(tmp.resolve("ws"));
        Files.writeString(ws.resolve("a.txt"), "one\ntwo\nthree\ntwo\n");
        Files.createDirectories(ws.resolve("src/deep"));
        Files.writeString(ws.resolve("src/deep/Main.java"), "class Main { int x = 42; }\n");
        Files.writeString(tmp.resolve("secret.txt"), "outside");
        paths = new WorkspacePaths(ws, ws);
        ctx = new ToolContext(events, new TestCancellation(), "c1");
    }

    @Test
    void pathsOutsideTheWorkspaceAreRefused() throws Exception {
        assertThatThrownBy(() -> paths.resolve("../secret.txt")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> paths.resolve(tmp.resolve("secret.txt").toString())).isInstanceOf(IllegalArgumentException.class);
        Files.createSymbolicLink(ws.resolve("link"), tmp.resolve("secret.txt"));
        assertThatThrownBy(() -> paths.resolve("link")).isInstanceOf(IllegalArgumentException.class);
        Files.createSymbolicLink(ws.resolve("dirlink"), tmp);
        assertThatThrownBy(() -> paths.resolve("dirlink/new.txt")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void editReplacesExactUniqueTextAndRecordsADiff() throws Exception {
        EditFileTool edit = new EditFileTool(paths);
        assertThat(edit.execute(Map.of("path", "a.txt", "old_text", "two", "new_text", "2"), ctx).isError()).isTrue();
        assertThat(edit.execute(Map.of("path", "a.txt", "old_text", "nine", "new_text", "9"), ctx).text()).contains("not found");
        assertThat(edit.execute(Map.of("path", "a.txt", "old_text", "one\ntwo", "new_text", "1\n2"), ctx).isError()).isFalse();
        assertThat(Files.readString(ws.resolve("a.txt"))).isEqualTo("1\n2\nthree\ntwo\n");
        assertThat(edit.execute(Map.of("path", "a.txt", "old_text", "t", "new_text", "T", "replace_all", true), ctx).isError()).isFalse();
        assertThat(Files.readString(ws.resolve("a.txt"))).isEqualTo("1\n2\nThree\nTwo\n");
        assertThat(events.of(EventType.FILE_CHANGE)).hasSize(2);
        assertThat((String) events.of(EventType.FILE_CHANGE).getFirst().get("diff")).contains("-one").contains("+1");
    }

    @Test
    void writeReadListAndSearch() throws Exception {
        assertThat(new WriteFileTool(paths).execute(Map.of("path", "new/dir/b.txt", "content", "hello\n"), ctx).text())
                .startsWith("created");
        assertThat(events.of(EventType.FILE_CHANGE).getFirst()).containsEntry("change", "created");
        assertThat(new ReadFileTool(paths).execute(Map.of("path", "a.txt", "start_line", 2, "max_lines", 2), ctx).text())
                .isEqualTo("two\nthree\n");
        assertThat(new ListFilesTool(paths).execute(Map.of("glob", "**/*.java"), ctx).text()).isEqualTo("src/deep/Main.java");
        assertThat(new ListFilesTool(paths).execute(Map.of(), ctx).text()).contains("a.txt").contains("new/dir/b.txt");
        assertThat(new SearchTool(paths).execute(Map.of("pattern", "x = \\d+"), ctx).text())
                .isEqualTo("src/deep/Main.java:1: class Main { int x = 42; }");
        assertThat(new SearchTool(paths).execute(Map.of("pattern", "("), ctx).isError()).isTrue();
    }
}
