package io.agentruns.server.pages;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Renders untrusted markdown (model messages, final answers) to HTML by escaping EVERYTHING first
 * and then recognising a small subset: paragraphs with line breaks, headings, fenced and inline
 * code, bullet and numbered lists, block quotes, bold, italic and http(s) links. Raw HTML in the
 * input always stays visible text; no attribute or tag can come from the input except an escaped
 * http(s) href. Guarded by SafeMarkdownTest and SessionPageInjectionTest.
 */
public final class SafeMarkdown {
    private static final Pattern FENCE = Pattern.compile("^\\s{0,3}(```|~~~)\\s*([A-Za-z0-9_+.#-]{0,30}).*$");
    private static final Pattern HEADING = Pattern.compile("^\\s{0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern BULLET = Pattern.compile("^\\s{0,3}[-*+]\\s+(.*)$");
    private static final Pattern NUMBERED = Pattern.compile("^\\s{0,3}\\d{1,9}[.)]\\s+(.*)$");
    private static final Pattern QUOTE = Pattern.compile("^\\s{0,3}>\\s?(.*)$");
    private static final Pattern RULE = Pattern.compile("^\\s{0,3}([-*_])(\\s*\\1){2,}\\s*$");
    // Applied to already escaped text: the brackets and parentheses are not escaped characters.
    private static final Pattern LINK = Pattern.compile("\\[([^\\]\\n]{1,500})\\]\\((https?://[^\\s)]{1,2000})\\)");
    private static final Pattern BOLD = Pattern.compile("\\*\\*(?=\\S)(.+?)(?<=\\S)\\*\\*|__(?=\\S)(.+?)(?<=\\S)__");
    private static final Pattern ITALIC = Pattern.compile("(?<![*\\w])\\*(?=\\S)([^*\\n]+?)(?<=\\S)\\*(?![*\\w])|(?<![_\\w])_(?=\\S)([^_\\n]+?)(?<=\\S)_(?![_\\w])");
    private static final Pattern BARE_URL = Pattern.compile("(?<![\"=>/\\w])(https?://[^\\s<>\"']{1,2000}[^\\s<>\"'.,;:!?)&])");

    private SafeMarkdown() {
    }

    public static String render(String markdown) {
        if (markdown == null || markdown.isBlank()) {
            return "";
        }
        String[] lines = markdown.replace("\r\n", "\n").replace('\r', '\n').split("\n", -1);
        StringBuilder out = new StringBuilder(markdown.length() * 2);
        List<String> paragraph = new ArrayList<>();
        int i = 0;
        while (i < lines.length) {
            String line = lines[i];
            Matcher fence = FENCE.matcher(line);
            if (fence.matches()) {
                flushParagraph(paragraph, out);
                String marker = fence.group(1);
                String lang = fence.group(2);
                StringBuilder code = new StringBuilder();
                i++;
                while (i < lines.length && !lines[i].trim().startsWith(marker)) {
                    code.append(lines[i]).append('\n');
                    i++;
                }
                i++; // the closing fence (or the end of the text)
                out.append("<pre><code");
                if (!lang.isEmpty()) {
                    out.append(" data-lang=\"").append(Html.escape(lang)).append('"');
                }
                out.append('>').append(Html.escape(stripLastNewline(code))).append("</code></pre>\n");
                continue;
            }
            if (line.isBlank()) {
                flushParagraph(paragraph, out);
                i++;
                continue;
            }
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                flushParagraph(paragraph, out);
                // Page headings are h1/h2; markdown headings start below them.
                int level = Math.min(6, heading.group(1).length() + 2);
                out.append("<h").append(level).append('>').append(inline(heading.group(2)))
                        .append("</h").append(level).append(">\n");
                i++;
                continue;
            }
            if (RULE.matcher(line).matches() && paragraph.isEmpty()) {
                out.append("<hr>\n");
                i++;
                continue;
            }
            if (BULLET.matcher(line).matches() || NUMBERED.matcher(line).matches()) {
                flushParagraph(paragraph, out);
                boolean numbered = NUMBERED.matcher(line).matches();
                Pattern item = numbered ? NUMBERED : BULLET;
                out.append(numbered ? "<ol>\n" : "<ul>\n");
                while (i < lines.length) {
                    Matcher m = item.matcher(lines[i]);
                    if (!m.matches()) {
                        break;
                    }
                    StringBuilder text = new StringBuilder(m.group(1));
                    i++;
                    // Indented continuation lines belong to the item.
                    while (i < lines.length && lines[i].startsWith("  ") && !lines[i].isBlank()
                            && !BULLET.matcher(lines[i]).matches() && !NUMBERED.matcher(lines[i]).matches()) {
                        text.append('\n').append(lines[i].trim());
                        i++;
                    }
                    out.append("<li>").append(inlineWithBreaks(text.toString())).append("</li>\n");
                }
                out.append(numbered ? "</ol>\n" : "</ul>\n");
                continue;
            }
            Matcher quote = QUOTE.matcher(line);
            if (quote.matches()) {
                flushParagraph(paragraph, out);
                StringBuilder text = new StringBuilder();
                while (i < lines.length) {
                    Matcher q = QUOTE.matcher(lines[i]);
                    if (!q.matches()) {
                        break;
                    }
                    if (!text.isEmpty()) {
                        text.append('\n');
                    }
                    text.append(q.group(1));
                    i++;
                }
                out.append("<blockquote>").append(inlineWithBreaks(text.toString())).append("</blockquote>\n");
                continue;
            }
            paragraph.add(line);
            i++;
        }
        flushParagraph(paragraph, out);
        return out.toString();
    }

    private static String stripLastNewline(StringBuilder code) {
        int n = code.length();
        return n > 0 && code.charAt(n - 1) == '\n' ? code.substring(0, n - 1) : code.toString();
    }

    private static void flushParagraph(List<String> paragraph, StringBuilder out) {
        if (paragraph.isEmpty()) {
            return;
        }
        out.append("<p>").append(inlineWithBreaks(String.join("\n", paragraph))).append("</p>\n");
        paragraph.clear();
    }

    private static String inlineWithBreaks(String text) {
        return inline(text).replace("\n", "<br>\n");
    }

    /** Inline code spans are cut out first, so that nothing inside them is formatted. */
    static String inline(String text) {
        StringBuilder out = new StringBuilder(text.length() + 32);
        int pos = 0;
        while (pos < text.length()) {
            int open = text.indexOf('`', pos);
            if (open < 0) {
                out.append(formatEscaped(Html.escape(text.substring(pos))));
                break;
            }
            int close = text.indexOf('`', open + 1);
            if (close < 0) {
                out.append(formatEscaped(Html.escape(text.substring(pos))));
                break;
            }
            out.append(formatEscaped(Html.escape(text.substring(pos, open))));
            out.append("<code>").append(Html.escape(text.substring(open + 1, close))).append("</code>");
            pos = close + 1;
        }
        return out.toString();
    }

    /**
     * Adds tags to text that is already escaped: it contains no '<', '>' or '"', so the only markup
     * in the result is ours, and an href can only be an escaped http(s) URL.
     */
    private static String formatEscaped(String escaped) {
        StringBuilder linked = new StringBuilder();
        Matcher link = LINK.matcher(escaped);
        int last = 0;
        List<String> anchors = new ArrayList<>();
        while (link.find()) {
            linked.append(emphasis(autolink(escaped.substring(last, link.start()))));
            anchors.add("<a href=\"" + link.group(2) + "\" rel=\"nofollow noopener noreferrer\" target=\"_blank\">"
                    + emphasis(link.group(1)) + "</a>");
            linked.append("\u0000").append(anchors.size() - 1).append("\u0000");
            last = link.end();
        }
        linked.append(emphasis(autolink(escaped.substring(last))));
        String result = linked.toString();
        for (int k = 0; k < anchors.size(); k++) {
            result = result.replace("\u0000" + k + "\u0000", anchors.get(k));
        }
        return result;
    }

    private static String autolink(String escaped) {
        return BARE_URL.matcher(escaped).replaceAll(m -> Matcher.quoteReplacement(
                "<a href=\"" + m.group(1) + "\" rel=\"nofollow noopener noreferrer\" target=\"_blank\">" + m.group(1) + "</a>"));
    }

    private static String emphasis(String escaped) {
        // Emphasis must not touch the inside of an href or tag we just produced: split on tags.
        StringBuilder out = new StringBuilder();
        int pos = 0;
        while (pos < escaped.length()) {
            int tag = escaped.indexOf('<', pos);
            String text = tag < 0 ? escaped.substring(pos) : escaped.substring(pos, tag);
            String styled = BOLD.matcher(text).replaceAll(m -> Matcher.quoteReplacement(
                    "<strong>" + (m.group(1) != null ? m.group(1) : m.group(2)) + "</strong>"));
            styled = ITALIC.matcher(styled).replaceAll(m -> Matcher.quoteReplacement(
                    "<em>" + (m.group(1) != null ? m.group(1) : m.group(2)) + "</em>"));
            out.append(styled);
            if (tag < 0) {
                break;
            }
            int end = escaped.indexOf('>', tag);
            end = end < 0 ? escaped.length() : end + 1;
            out.append(escaped, tag, end);
            pos = end;
        }
        return out.toString();
    }
}
