package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.util.Map;

/** A repository of an environment: any git URL and an optional branch. */
public record RepoSpec(String url, String branch, @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public RepoSpec {
        extra = Extras.of(extra);
    }

    public static RepoSpec of(String url) {
        return new RepoSpec(url, null, null);
    }

    public static RepoSpec of(String url, String branch) {
        return new RepoSpec(url, branch, null);
    }
}
