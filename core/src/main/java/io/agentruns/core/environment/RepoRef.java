package io.agentruns.core.environment;

/** A repository of an environment: any git URL ({@code file://} included) and an optional branch. */
public record RepoRef(String url, String branch) {
}
