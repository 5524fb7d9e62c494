package io.agentruns.server.pages;

import io.agentruns.core.event.RunEvent;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.SerializationFeature;

/**
 * Renders one event of the log as an HTML list item. The same fragment is used for the first
 * page load and for live updates, so a page that followed a run live looks exactly like a page
 * loaded afterwards. All event data is untrusted: text goes through {@link Html#escape} or
 * {@link SafeMarkdown}, never into markup directly.
 */
public final class TranscriptRenderer {
    /** Output longer than this is cut in the page (the full text stays in the event log). */
    static final int MAX_OUTPUT_CHARS = 200_000;
    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    public String render(RunEvent event) {
        Map<String, Object> d = event.data() == null ? Map.of() : event.data();
        StringBuilder li = new StringBuilder(256);
        String kind = event.type().wireName().replace('.', '-');
        li.append("<li class=\"ev ev-").append(kind).append("\" id=\"ev-").append(event.seq())
                .append("\" data-seq=\"").append(event.seq()).append("\">");
        li.append("<div class=\"ev-meta\"><span class=\"ev-kind\">").append(label(event)).append("</span>")
                .append(time(event.createdAt())).append("</div>");
        switch (event.type()) {
            case STATE -> state(d, li);
            case ENVIRONMENT_STEP -> environmentStep(d, li);
            case MODEL_MESSAGE -> li.append("<div class=\"md\">").append(SafeMarkdown.render(str(d, "text"))).append("</div>");
            case TOOL_CALL -> toolCall(d, li);
            case TOOL_RESULT -> toolResult(d, li);
            case COMMAND -> command(d, li);
            case FILE_CHANGE -> fileChange(d, li);
            case MCP_CALL -> mcpCall(d, li);
            case ERROR -> li.append("<div class=\"error-box\"><strong>").append(Html.escape(str(d, "message")))
                    .append("</strong>").append(errorCode(str(d, "error_code"))).append("</div>");
            case OUTPUT -> li.append("<div class=\"md\">").append(SafeMarkdown.render(str(d, "text"))).append("</div>");
        }
        li.append("</li>\n");
        return li.toString();
    }

    private static String label(RunEvent event) {
        return switch (event.type()) {
            case STATE -> "State";
            case ENVIRONMENT_STEP -> "Environment";
            case MODEL_MESSAGE -> "user".equals(String.valueOf(event.data() == null ? null : event.data().get("role")))
                    ? "User" : "Agent";
            case TOOL_CALL -> "Tool call";
            case TOOL_RESULT -> "Tool result";
            case COMMAND -> "Command";
            case FILE_CHANGE -> "File changed";
            case MCP_CALL -> "MCP call";
            case ERROR -> "Error";
            case OUTPUT -> "Answer";
        };
    }

    static String time(Instant at) {
        if (at == null) {
            return "";
        }
        String iso = DateTimeFormatter.ISO_INSTANT.format(at.truncatedTo(ChronoUnit.MILLIS));
        String shown = iso.replace('T', ' ').replaceFirst("\\.\\d+Z$", "Z").replace("Z", " UTC");
        return "<time datetime=\"" + iso + "\">" + Html.escape(shown) + "</time>";
    }

    private static void state(Map<String, Object> d, StringBuilder li) {
        String state = str(d, "state");
        li.append("<span class=\"badge state-").append(Html.escape(state.toLowerCase(java.util.Locale.ROOT)))
                .append("\">").append(Html.escape(state)).append("</span>");
        Object status = d.get("status_message");
        if (status instanceof Map<?, ?> sm) {
            li.append(" <span class=\"status-text\">").append(Html.escape(String.valueOf(sm.get("message") == null ? "" : sm.get("message"))))
                    .append("</span>").append(errorCode(sm.get("error_code") == null ? "" : String.valueOf(sm.get("error_code"))));
        } else if (status != null) {
            li.append(" <span class=\"status-text\">").append(Html.escape(String.valueOf(status))).append("</span>");
        }
    }

    /** Fields of an environment step shown as the step's facts (the rest is rendered specially). */
    private static final java.util.Set<String> STEP_SPECIAL = java.util.Set.of("step", "command", "exit_code",
            "duration_ms", "output", "truncated", "index");

    private static void environmentStep(Map<String, Object> d, StringBuilder li) {
        String step = str(d, "step");
        li.append("<div class=\"step\"><strong>").append(Html.escape(step.isEmpty() ? "step" : step)).append("</strong>");
        for (Map.Entry<String, Object> e : d.entrySet()) {
            if (STEP_SPECIAL.contains(e.getKey()) || e.getValue() == null) {
                continue;
            }
            Object v = e.getValue();
            String text = v instanceof String || v instanceof Number || v instanceof Boolean ? String.valueOf(v)
                    : JSON.writeValueAsString(v).replaceAll("\\s+", " ");
            li.append(" <span class=\"fact\"><span class=\"muted\">").append(Html.escape(e.getKey().replace('_', ' ')))
                    .append("</span> ").append(Html.escape(text.length() > 300 ? text.substring(0, 300) + "…" : text))
                    .append("</span>");
        }
        li.append("</div>");
        if (d.containsKey("command") || d.containsKey("exit_code")) {
            command(d, li);
        } else if (d.containsKey("output")) {
            output(str(d, "output"), bool(d, "truncated"), li, "Output");
        }
    }

    private static void command(Map<String, Object> d, StringBuilder li) {
        Object exit = d.get("exit_code");
        boolean ok = exit != null && "0".equals(String.valueOf(exit));
        li.append("<div class=\"cmd\">");
        if (d.containsKey("command")) {
            li.append("<code class=\"cmd-line\"><span class=\"prompt-sign\" aria-hidden=\"true\">$ </span>")
                    .append(Html.escape(str(d, "command"))).append("</code>");
        } else {
            li.append("<span></span>");
        }
        li.append("<span class=\"cmd-facts\">");
        if (d.get("cwd") != null && !".".equals(str(d, "cwd"))) {
            li.append("<span class=\"muted\">in ").append(Html.escape(str(d, "cwd"))).append("</span>");
        }
        if (bool(d, "timed_out")) {
            li.append("<span class=\"exit exit-bad\">timed out</span>");
        }
        if (bool(d, "cancelled")) {
            li.append("<span class=\"exit exit-bad\">cancelled</span>");
        }
        if (exit != null) {
            li.append("<span class=\"exit ").append(ok ? "exit-ok" : "exit-bad").append("\">exit ")
                    .append(Html.escape(String.valueOf(exit))).append("</span>");
        }
        Object ms = d.get("duration_ms");
        if (ms instanceof Number n) {
            li.append("<span class=\"duration\">").append(Html.escape(duration(n.longValue()))).append("</span>");
        }
        li.append("</span></div>");
        output(str(d, "output"), bool(d, "truncated"), li, "Output");
    }

    private static void output(String text, boolean truncated, StringBuilder li, String title) {
        if (text.isEmpty()) {
            return;
        }
        boolean cut = text.length() > MAX_OUTPUT_CHARS;
        String shown = cut ? text.substring(0, MAX_OUTPUT_CHARS) : text;
        long lines = shown.lines().count();
        li.append("<details class=\"output\"><summary>").append(Html.escape(title)).append(" (").append(lines)
                .append(lines == 1 ? " line" : " lines").append(truncated || cut ? ", truncated" : "")
                .append(")</summary><pre>").append(Html.escape(shown)).append("</pre></details>");
    }

    static String duration(long millis) {
        if (millis < 1000) {
            return millis + " ms";
        }
        Duration d = Duration.ofMillis(millis);
        if (millis < 60_000) {
            return String.format(java.util.Locale.ROOT, "%.1f s", millis / 1000.0);
        }
        return d.toMinutes() + " min " + d.toSecondsPart() + " s";
    }

    private static void toolCall(Map<String, Object> d, StringBuilder li) {
        li.append("<div class=\"tool\"><code>").append(Html.escape(str(d, "tool"))).append("</code></div>");
        json("Arguments", d.get("arguments"), li, false);
    }

    private static void toolResult(Map<String, Object> d, StringBuilder li) {
        boolean error = bool(d, "is_error");
        li.append("<div class=\"tool\"><code>").append(Html.escape(str(d, "tool"))).append("</code>")
                .append(error ? " <span class=\"exit exit-bad\">error</span>" : "").append("</div>");
        Object result = d.get("result");
        if (result instanceof String s) {
            output(s, bool(d, "truncated"), li, "Result");
        } else {
            json("Result", result, li, false);
        }
    }

    private static void mcpCall(Map<String, Object> d, StringBuilder li) {
        li.append("<div class=\"tool\"><span class=\"mcp-server\">").append(Html.escape(str(d, "server")))
                .append("</span> · <code>").append(Html.escape(str(d, "tool"))).append("</code>")
                .append(bool(d, "is_error") ? " <span class=\"exit exit-bad\">error</span>" : "")
                .append(d.get("duration_ms") instanceof Number n ? " <span class=\"duration\">" + Html.escape(duration(n.longValue())) + "</span>" : "")
                .append("</div>");
        json("Arguments", d.get("arguments"), li, false);
        Object result = d.get("result");
        if (result instanceof String s) {
            output(s, false, li, "Result");
        } else {
            json("Result", result, li, false);
        }
    }

    private static void json(String title, Object value, StringBuilder li, boolean open) {
        if (value == null) {
            return;
        }
        String text = value instanceof String s ? s : JSON.writeValueAsString(value);
        li.append("<details class=\"output\"").append(open ? " open" : "").append("><summary>")
                .append(Html.escape(title)).append("</summary><pre>").append(Html.escape(text)).append("</pre></details>");
    }

    private static void fileChange(Map<String, Object> d, StringBuilder li) {
        li.append("<div class=\"file\">");
        if (d.get("repo") != null) {
            li.append("<span class=\"muted\">").append(Html.escape(str(d, "repo"))).append("</span> ");
        }
        li.append("<code>").append(Html.escape(str(d, "path"))).append("</code>");
        if (d.get("change") != null) {
            li.append(" <span class=\"muted\">").append(Html.escape(str(d, "change"))).append("</span>");
        }
        if (d.get("files") instanceof java.util.List<?> files && !files.isEmpty()) {
            li.append(" <span class=\"muted\">").append(files.size()).append(files.size() == 1 ? " file" : " files").append("</span>");
        }
        li.append("</div>");
        String diff = str(d, "diff");
        if (diff.isEmpty()) {
            return;
        }
        long lines = diff.lines().count();
        li.append("<details class=\"output diff\" open><summary>Diff (").append(lines).append(lines == 1 ? " line" : " lines")
                .append(")</summary><pre class=\"diff\">");
        String shown = diff.length() > MAX_OUTPUT_CHARS ? diff.substring(0, MAX_OUTPUT_CHARS) : diff;
        shown.lines().forEach(line -> {
            String cls = line.startsWith("+++") || line.startsWith("---") ? "d-file"
                    : line.startsWith("+") ? "d-add" : line.startsWith("-") ? "d-del" : line.startsWith("@@") ? "d-hunk" : "d-ctx";
            li.append("<span class=\"").append(cls).append("\">").append(Html.escape(line)).append("</span>\n");
        });
        li.append("</pre></details>");
    }

    static String errorCode(String code) {
        if (code == null || code.isEmpty()) {
            return "";
        }
        return " <code class=\"error-code\">" + Html.escape(code) + "</code>";
    }

    static String str(Map<String, Object> d, String key) {
        Object v = d.get(key);
        return v == null ? "" : String.valueOf(v);
    }

    private static boolean bool(Map<String, Object> d, String key) {
        Object v = d.get(key);
        return v instanceof Boolean b ? b : "true".equals(String.valueOf(v));
    }
}
