package io.agentruns.server.pages;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SafeMarkdownTest {

    @Test
    void scriptAndHtmlStayText() {
        String html = SafeMarkdown.render("Hi <script>alert(1)</script> <img src=x onerror=alert(2)> <b>bold</b>");
        assertThat(html).doesNotContain("<script").doesNotContain("<img").doesNotContain("<b>");
        assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt;").contains("&lt;img src=x onerror=alert(2)&gt;");
    }

    @Test
    void onlyHttpLinksBecomeAnchors() {
        String html = SafeMarkdown.render("[ok](https://example.com/a?b=1&c=2) [bad](javascript:alert(1)) [data](data:text/html,x)");
        assertThat(html).contains("<a href=\"https://example.com/a?b=1&amp;c=2\" rel=\"nofollow noopener noreferrer\" target=\"_blank\">ok</a>");
        assertThat(html).doesNotContain("href=\"javascript").doesNotContain("href=\"data");
    }

    @Test
    void attributeBreakoutInLinkIsImpossible() {
        String html = SafeMarkdown.render("[x](https://e.com/\"onmouseover=\"alert(1))");
        assertThat(html).doesNotContain("\"onmouseover=\"");
    }

    @Test
    void subsetRenders() {
        String md = "# Title\n\nSome **bold** and *it* and `a<b>`.\n\n- one\n- two\n\n1. first\n2. second\n\n```java\nif (a < b) {}\n```\n> quote";
        String html = SafeMarkdown.render(md);
        assertThat(html).contains("<h3>Title</h3>").contains("<strong>bold</strong>").contains("<em>it</em>")
                .contains("<code>a&lt;b&gt;</code>").contains("<ul>\n<li>one</li>\n<li>two</li>\n</ul>")
                .contains("<ol>\n<li>first</li>").contains("<pre><code data-lang=\"java\">if (a &lt; b) {}</code></pre>")
                .contains("<blockquote>quote</blockquote>");
    }

    @Test
    void codeSpansAreNotFormatted() {
        assertThat(SafeMarkdown.render("`**not bold**`")).isEqualTo("<p><code>**not bold**</code></p>\n");
    }

    @Test
    void fenceLanguageCannotInjectAttributes() {
        String html = SafeMarkdown.render("```\" onload=\"x\nbody\n```");
        assertThat(html).doesNotContain("onload=\"x\"").doesNotContain("data-lang=\"\"");
    }

    @Test
    void bareUrlsAreLinked() {
        assertThat(SafeMarkdown.render("see https://example.com/x."))
                .contains("<a href=\"https://example.com/x\"").contains("</a>.");
    }
}
