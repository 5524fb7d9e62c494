package io.agentruns.server.environments;

import io.agentruns.core.environment.EnvironmentSpec;
import io.agentruns.core.environment.RepoRef;
import io.agentruns.server.api.JsonBody;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

/**
 * Validates a CloudEnvironment body (POST and PUT replace every writable field). {@code github_repos}
 * entries become {@code https://github.com/owner/repo} repos. Guarded by {@code EnvironmentsApiTest}.
 */
@Component
public class EnvironmentRequestParser {
    private static final int MAX_REPOS = 50;
    private static final int MAX_COMMANDS = 100;
    private static final Pattern GITHUB_NAME = Pattern.compile("[A-Za-z0-9_.-]{1,100}");

    public EnvironmentSpec parse(JsonNode body) {
        JsonBody json = new JsonBody();
        JsonNode root = json.root(body);
        String name = json.string(root, "", "name", 200);
        String description = json.string(root, "", "description", 4_000);
        String dockerImage = json.string(root, "", "docker_image", 512);
        List<RepoRef> repos = new ArrayList<>();
        JsonNode repoArray = json.array(root, "", "repos", MAX_REPOS);
        if (repoArray != null) {
            int i = 0;
            for (JsonNode repo : repoArray.values()) {
                String p = "repos[" + i++ + "]";
                if (!repo.isObject()) {
                    json.error(p, "must be an object with url and optional branch");
                    continue;
                }
                String url = json.string(repo, p, "url", 2_048);
                String branch = json.string(repo, p, "branch", 255);
                if (url == null || url.isBlank()) {
                    json.error(p + ".url", "is required");
                } else if (url.startsWith("-") || url.chars().anyMatch(Character::isWhitespace)) {
                    json.error(p + ".url", "must be a git URL");
                } else if (branch != null && (branch.startsWith("-") || branch.isBlank())) {
                    json.error(p + ".branch", "must be a branch name");
                } else {
                    repos.add(new RepoRef(url, branch));
                }
            }
        }
        JsonNode github = json.array(root, "", "github_repos", MAX_REPOS);
        if (github != null) {
            int i = 0;
            for (JsonNode repo : github.values()) {
                String p = "github_repos[" + i++ + "]";
                if (!repo.isObject()) {
                    json.error(p, "must be an object with owner and repo");
                    continue;
                }
                String owner = json.string(repo, p, "owner", 100);
                String name2 = json.string(repo, p, "repo", 100);
                if (owner == null || !GITHUB_NAME.matcher(owner).matches()) {
                    json.error(p + ".owner", "must be a GitHub owner name");
                } else if (name2 == null || !GITHUB_NAME.matcher(name2).matches()) {
                    json.error(p + ".repo", "must be a GitHub repository name");
                } else {
                    repos.add(new RepoRef("https://github.com/" + owner + "/" + name2, null));
                }
            }
        }
        List<String> setup = json.stringList(root, "", "setup_commands", MAX_COMMANDS, 8_192);
        Boolean isDefault = json.bool(root, "", "is_default");
        if (name == null && json.errorCount() == 0) {
            json.error("name", "is required");
        } else if (name != null && name.isBlank()) {
            json.error("name", "must not be blank");
        }
        if (repos.size() > MAX_REPOS) {
            json.error("repos", "must have at most " + MAX_REPOS + " repositories in all");
        }
        json.throwIfInvalid();
        return new EnvironmentSpec(name.strip(), description, dockerImage, repos, setup, Boolean.TRUE.equals(isDefault));
    }
}
