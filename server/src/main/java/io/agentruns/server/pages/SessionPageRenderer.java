package io.agentruns.server.pages;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.agentruns.core.event.EventType;
import io.agentruns.core.event.RunEvent;
import io.agentruns.core.run.Run;
import io.agentruns.core.run.StatusMessage;
import io.agentruns.model.WireJson;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The session page of one run as server-rendered HTML, readable without JavaScript. The status
 * block and the outcome block are also rendered on their own for live updates (see session.js).
 * The page loads only our own stylesheet and script (CSP in {@link PageHeaders}).
 */
public final class SessionPageRenderer {
    private static final JsonMapper CONFIG_JSON = WireJson.builder()
            .changeDefaultPropertyInclusion(incl -> incl.withValueInclusion(JsonInclude.Include.NON_EMPTY))
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private final TranscriptRenderer transcript = new TranscriptRenderer();

    /** What the page shows; {@code streamPath} is where session.js follows the run while it is active. */
    public record View(Run run, List<RunEvent> events, String environmentName, String streamPath) {
    }

    public String page(View view) {
        Run run = view.run();
        StringBuilder html = new StringBuilder(16_384);
        String title = run.title() == null || run.title().isBlank() ? "Untitled run" : run.title();
        long lastSeq = view.events().isEmpty() ? 0 : view.events().getLast().seq();
        html.append("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"referrer\" content=\"no-referrer\">\n")
                .append("<title>").append(Html.escape(title)).append(" · agentruns</title>\n")
                .append("<link rel=\"stylesheet\" href=\"").append(PageAssets.CSS_PATH).append("\">\n");
        if (!run.state().isFinal()) {
            html.append("<script src=\"").append(PageAssets.JS_PATH).append("\" defer></script>\n");
        }
        html.append("</head>\n<body data-state=\"").append(run.state().name()).append('"')
                .append(" data-last-seq=\"").append(lastSeq).append('"');
        if (!run.state().isFinal() && view.streamPath() != null) {
            html.append(" data-stream=\"").append(Html.escape(view.streamPath())).append('"');
        }
        html.append(">\n<main class=\"page\">\n");
        html.append("<header class=\"run-head\">\n<p class=\"brand\">agentruns · session</p>\n<h1>")
                .append(Html.escape(title)).append("</h1>\n");
        html.append(status(run));
        html.append("</header>\n");
        meta(view, html);
        html.append("<section class=\"card prompt\"><h2>Prompt</h2><div class=\"prompt-text\">")
                .append(Html.escape(run.prompt())).append("</div></section>\n");
        html.append("<section class=\"card\"><details class=\"config\"><summary>Resolved configuration</summary><pre>")
                .append(Html.escape(CONFIG_JSON.writeValueAsString(run.config().redacted())))
                .append("</pre></details></section>\n");
        html.append("<section class=\"transcript\"><h2>Transcript</h2>\n<ol id=\"events\" class=\"events\">\n");
        for (RunEvent event : view.events()) {
            html.append(transcript.render(event));
        }
        html.append("</ol>\n");
        html.append("<p id=\"live\" class=\"live\"").append(run.state().isFinal() ? " hidden" : "")
                .append("><span class=\"dot\" aria-hidden=\"true\"></span> This run is ")
                .append(run.state() == io.agentruns.core.run.RunState.QUEUED ? "queued" : "in progress")
                .append(". Enable JavaScript to follow it live, or reload the page.</p>\n");
        html.append("</section>\n");
        html.append(outcome(run, view.events()));
        html.append("</main>\n</body>\n</html>\n");
        return html.toString();
    }

    /** The state badge with its timestamps; replaced in place on a live state change. */
    public String status(Run run) {
        StringBuilder s = new StringBuilder(512);
        s.append("<div id=\"run-status\" class=\"status\">");
        s.append("<span class=\"badge state-").append(run.state().name().toLowerCase(Locale.ROOT)).append("\">")
                .append(run.state().name()).append("</span>");
        s.append("<dl class=\"times\">");
        timestamp("Created", run.createdAt(), s);
        timestamp("Started", run.startedAt(), s);
        if (run.state().isFinal()) {
            timestamp("Finished", run.finishedAt(), s);
        }
        timestamp("Updated", run.updatedAt(), s);
        s.append("</dl></div>\n");
        return s.toString();
    }

    /** The final answer or the failure reason; empty (but present) while the run is active. */
    public String outcome(Run run, List<RunEvent> events) {
        StringBuilder s = new StringBuilder(512);
        s.append("<section id=\"outcome\" class=\"card outcome");
        if (!run.state().isFinal()) {
            return s.append("\" hidden></section>\n").toString();
        }
        s.append(" outcome-").append(run.state().name().toLowerCase(Locale.ROOT)).append("\">");
        StatusMessage status = run.statusMessage();
        switch (run.state()) {
            case SUCCEEDED -> {
                s.append("<h2>Final answer</h2>");
                String answer = run.output();
                if (answer == null || answer.isBlank()) {
                    answer = events.stream().filter(e -> e.type() == EventType.OUTPUT).reduce((a, b) -> b)
                            .map(e -> TranscriptRenderer.str(e.data(), "text")).orElse("");
                }
                s.append(answer.isBlank() ? "<p class=\"muted\">The agent finished without a written answer.</p>"
                        : "<div class=\"md\">" + SafeMarkdown.render(answer) + "</div>");
            }
            case FAILED -> s.append("<h2>Failed</h2>");
            case CANCELLED -> s.append("<h2>Cancelled</h2>");
            default -> { }
        }
        if (status != null) {
            s.append("<p class=\"reason\">").append(Html.escape(status.message()))
                    .append(TranscriptRenderer.errorCode(status.errorCode().wireName()))
                    .append(status.retryable() ? " <span class=\"muted\">(retryable)</span>" : "").append("</p>");
        } else if (run.state() == io.agentruns.core.run.RunState.CANCELLED) {
            s.append("<p class=\"reason\">The run was cancelled.</p>");
        }
        s.append("</section>\n");
        return s.toString();
    }

    private static void meta(View view, StringBuilder html) {
        Run run = view.run();
        html.append("<section class=\"card meta\"><dl>");
        if (run.creator() != null) {
            String who = run.creator().displayName() == null ? String.valueOf(run.creator().id()) : run.creator().displayName();
            item("Creator", Html.escape(who) + (run.creator().type() == null ? ""
                    : " <span class=\"muted\">(" + run.creator().type().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ")</span>"), html);
        }
        if (run.source() != null) {
            item("Source", Html.escape(run.source().name()), html);
        }
        item("Model", Html.escape(run.config().modelId()), html);
        String env = view.environmentName() != null ? view.environmentName() : run.config().environmentId();
        item("Environment", Html.escape(env), html);
        item("Agent", Html.escape(run.config().name()), html);
        item("Skill", Html.escape(run.config().skillSpec()), html);
        item("Run ID", "<code>" + run.id() + "</code>", html);
        if (run.usage() != null && (run.usage().inputTokens() > 0 || run.usage().outputTokens() > 0)) {
            item("Tokens", run.usage().inputTokens() + " in · " + run.usage().outputTokens() + " out", html);
        }
        html.append("</dl></section>\n");
    }

    private static void item(String label, String valueHtml, StringBuilder html) {
        if (valueHtml == null || valueHtml.isEmpty()) {
            return;
        }
        html.append("<div><dt>").append(label).append("</dt><dd>").append(valueHtml).append("</dd></div>");
    }

    private static void timestamp(String label, java.time.Instant at, StringBuilder s) {
        if (at != null) {
            s.append("<div><dt>").append(label).append("</dt><dd>").append(TranscriptRenderer.time(at)).append("</dd></div>");
        }
    }
}
