package io.agentruns.client;

import io.agentruns.client.internal.Futures;
import io.agentruns.client.types.Skill;
import java.util.List;

/** Skills found in the repositories of the caller's environments ({@code GET /agent}). */
public final class SkillsService {
    private final AsyncSkillsService async;

    SkillsService(AsyncSkillsService async) {
        this.async = async;
    }

    public List<Skill> list() { return Futures.join(async.list()); }
    public List<Skill> list(RequestOptions options) { return Futures.join(async.list(options)); }
}
