package io.agentruns.agent.workspace;

/** Derives {@code owner/repo} and a directory name from any git URL, and hides credentials in URLs. */
public final class RepoNames {
    private RepoNames() {
    }

    /** {@code https://github.com/acme/widgets.git} and {@code file:///x/acme/widgets} give {@code acme/widgets}. */
    public static String ownerAndRepo(String url) {
        String path = stripScheme(url);
        String[] parts = path.split("[/:]+");
        String repo = parts.length > 0 ? stripGit(parts[parts.length - 1]) : "repo";
        String owner = parts.length > 1 ? parts[parts.length - 2] : "";
        return owner.isEmpty() ? repo : owner + "/" + repo;
    }

    public static String repoName(String url) {
        String full = ownerAndRepo(url);
        String name = full.substring(full.indexOf('/') + 1).replaceAll("[^A-Za-z0-9._-]", "_");
        return name.isEmpty() || name.startsWith(".") ? "repo" + name : name;
    }

    /** The URL without any {@code user:password@} part, safe for events and messages (invariant 8). */
    public static String redact(String url) {
        return url == null ? null : url.replaceAll("(?<=://)[^/@\\s]+@", "***@");
    }

    private static String stripScheme(String url) {
        String u = url.trim();
        int scheme = u.indexOf("://");
        if (scheme >= 0) {
            u = u.substring(scheme + 3);
            int at = u.indexOf('@');
            int slash = u.indexOf('/');
            if (at >= 0 && (slash < 0 || at < slash)) {
                u = u.substring(at + 1);
            }
        } else if (u.contains("@") && u.contains(":")) {
            u = u.substring(u.indexOf('@') + 1);
        }
        while (u.endsWith("/")) {
            u = u.substring(0, u.length() - 1);
        }
        return u;
    }

    private static String stripGit(String s) {
        return s.endsWith(".git") ? s.substring(0, s.length() - 4) : s;
    }
}
