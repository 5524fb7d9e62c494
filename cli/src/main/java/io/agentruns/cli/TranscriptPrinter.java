package io.agentruns.cli;

import io.agentruns.client.internal.Json;
import io.agentruns.client.types.RunEvent;
import java.io.PrintWriter;
import java.util.Map;

/** Renders a run's events as a readable transcript on a terminal, one event at a time. */
final class TranscriptPrinter {
    private static final int MAX_OUTPUT_LINES = 40;

    private final PrintWriter out;
    private final boolean json;

    TranscriptPrinter(PrintWriter out, boolean json) {
        this.out = out;
        this.json = json;
    }

    void print(RunEvent e) {
        if (json) {
            out.println(Json.write(e));
            out.flush();
            return;
        }
        Map<String, Object> d = e.data();
        switch (e.type()) {
            case "state" -> {
                out.println("--- " + d.get("state") + statusSuffix(d.get("status_message")));
            }
            case "environment.step" -> {
                out.println("[env] " + first(d, "step", "command") + exitSuffix(d));
                indent(d.get("output"));
            }
            case "model.message" -> out.println(text(d.get("text")));
            case "tool.call" -> out.println("> " + d.get("tool") + " " + compact(d.get("arguments")));
            case "tool.result" -> {
                out.println("< " + d.get("tool") + (Boolean.TRUE.equals(d.get("is_error")) ? " (error)" : ""));
                indent(d.get("result"));
            }
            case "command" -> {
                Object ms = d.get("duration_ms");
                out.println("$ " + d.get("command") + exitSuffix(d) + (ms == null ? "" : ", " + ms + " ms"));
                indent(d.get("output"));
            }
            case "file.change" -> {
                out.println("~ " + d.get("path"));
                indent(d.get("diff"));
            }
            case "mcp.call" -> out.println("* mcp " + d.get("server") + "." + d.get("tool") + " " + compact(d.get("arguments")));
            case "error" -> out.println("! " + d.get("message") + (d.get("error_code") == null ? "" : " (" + d.get("error_code") + ")"));
            case "output" -> {
                out.println("=== answer");
                out.println(text(d.get("text")));
            }
            default -> out.println("[" + e.type() + "] " + compact(d));
        }
        out.flush();
    }

    private static String statusSuffix(Object statusMessage) {
        if (statusMessage instanceof Map<?, ?> m) {
            return ": " + m.get("message") + (m.get("error_code") == null ? "" : " (" + m.get("error_code") + ")");
        }
        return "";
    }

    private static String exitSuffix(Map<String, Object> d) {
        return d.get("exit_code") == null ? "" : "  [exit " + d.get("exit_code") + "]";
    }

    private static Object first(Map<String, Object> d, String a, String b) {
        return d.get(a) != null ? d.get(a) : d.get(b);
    }

    private void indent(Object text) {
        if (text == null || text.toString().isEmpty()) {
            return;
        }
        String[] lines = text.toString().split("\n", -1);
        int shown = Math.min(lines.length, MAX_OUTPUT_LINES);
        for (int i = 0; i < shown; i++) {
            out.println("    " + lines[i]);
        }
        if (lines.length > shown) {
            out.println("    ... (" + (lines.length - shown) + " more lines)");
        }
    }

    private static String text(Object t) {
        return t == null ? "" : t.toString();
    }

    private static String compact(Object o) {
        if (o == null) {
            return "";
        }
        String s = o instanceof String str ? str : Json.write(o);
        return Output.cut(s, 200);
    }
}
