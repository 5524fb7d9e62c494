package io.agentruns.cli;

import io.agentruns.client.internal.Json;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.SerializationFeature;

/** Prints values as indented JSON or as a plain-text table. */
final class Output {
    private Output() {
    }

    static void json(PrintWriter out, Object value) {
        out.println(Json.mapper().writer().with(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value));
        out.flush();
    }

    /** Columns padded to their widest cell; null cells print as {@code -}. */
    static void table(PrintWriter out, List<String> header, List<List<String>> rows) {
        int[] widths = new int[header.size()];
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        for (List<String> row : all) {
            for (int i = 0; i < widths.length; i++) {
                widths[i] = Math.max(widths[i], cell(row, i).length());
            }
        }
        for (List<String> row : all) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < widths.length; i++) {
                String c = cell(row, i);
                sb.append(c);
                if (i < widths.length - 1) {
                    sb.append(" ".repeat(widths[i] - c.length() + 2));
                }
            }
            out.println(sb.toString().stripTrailing());
        }
        out.flush();
    }

    private static String cell(List<String> row, int i) {
        String c = i < row.size() ? row.get(i) : null;
        return c == null ? "-" : c.replaceAll("\\s+", " ");
    }

    static String cut(String s, int max) {
        if (s == null) {
            return null;
        }
        String one = s.replaceAll("\\s+", " ").trim();
        return one.length() <= max ? one : one.substring(0, max - 3) + "...";
    }

    static String str(Object o) {
        return o == null ? null : o.toString();
    }
}
