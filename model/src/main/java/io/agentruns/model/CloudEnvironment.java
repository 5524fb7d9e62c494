package io.agentruns.model;

import java.time.Instant;
import java.util.List;

/** An environment as served by /agent/environments. */
public record CloudEnvironment(String uid, String name, String description, String dockerImage,
                               List<Repo> repos, List<String> setupCommands, Boolean isDefault,
                               Instant createdAt, Instant updatedAt) {

    /** Any git URL and an optional branch. */
    public record Repo(String url, String branch) {
    }
}
