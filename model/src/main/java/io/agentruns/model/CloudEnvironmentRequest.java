package io.agentruns.model;

import java.util.List;

/**
 * Body of POST and PUT /agent/environments(/{id}). {@code github_repos} entries mean
 * {@code https://github.com/owner/repo}; they are added to {@code repos}.
 */
public record CloudEnvironmentRequest(String name, String description, String dockerImage,
                                      List<CloudEnvironment.Repo> repos, List<GitHubRepo> githubRepos,
                                      List<String> setupCommands, Boolean isDefault) {

    /** A GitHub repository by owner and name. */
    public record GitHubRepo(String owner, String repo) {
    }
}
