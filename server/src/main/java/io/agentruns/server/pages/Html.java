package io.agentruns.server.pages;

/**
 * HTML escaping for text and attribute values. Every string that did not come from our own
 * templates passes through here before it reaches a page (guarded by SessionPageInjectionTest).
 */
public final class Html {
    private Html() {
    }

    /** Escapes the five characters that can open markup or leave an attribute value. */
    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> {
                    // Control characters other than tab/newline have no place in a page.
                    if (c < 0x20 && c != '\n' && c != '\t' && c != '\r') {
                        out.append('\uFFFD');
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }
}
