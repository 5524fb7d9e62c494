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

    /** Lists the resources visible to the caller. */
    public List<Skill> list() { return Futures.join(async.list()); }
    /** As the call without options, with per-request {@code options} (timeout, retries, headers, idempotency key). */
    public List<Skill> list(RequestOptions options) { return Futures.join(async.list(options)); }
}
