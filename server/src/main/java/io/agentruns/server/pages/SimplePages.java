package io.agentruns.server.pages;

/** The small pages around the session page: not found, and the API-key sign-in form. */
final class SimplePages {
    private SimplePages() {
    }

    static String notFound() {
        return shell("Not found", "<section class=\"card signin\"><h1>Session not found</h1>"
                + "<p class=\"muted\">This link is unknown or you may not see it.</p></section>");
    }

    static String signIn(String sessionId, String error) {
        return shell("Sign in", "<section class=\"card signin\"><h1>Sign in to view this run</h1>"
                + "<form method=\"post\" action=\"/sessions/" + Html.escape(sessionId) + "/sign-in\">"
                + "<label for=\"api_key\">API key</label>"
                + "<input type=\"password\" id=\"api_key\" name=\"api_key\" autocomplete=\"off\" required>"
                + "<button type=\"submit\">Sign in</button>"
                + (error == null ? "" : "<p class=\"error-box\" role=\"alert\">" + Html.escape(error) + "</p>")
                + "<p class=\"muted\">The key is sent once; a cookie keeps you signed in for 12 hours.</p>"
                + "</form></section>");
    }

    private static String shell(String title, String main) {
        return "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<title>" + Html.escape(title) + " · agentruns</title>\n"
                + "<link rel=\"stylesheet\" href=\"" + PageAssets.CSS_PATH + "\">\n</head>\n<body>\n<main class=\"page\">\n"
                + main + "\n</main>\n</body>\n</html>\n";
    }
}
