package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One run in full. {@code runId}, {@code title}, {@code prompt}, {@code state}, {@code createdAt} and
 * {@code updatedAt} are always present; the rest when known. Fields this SDK version does not model are
 * kept in {@link #extra()}.
 */
public record RunItem(String runId, String taskId, String title, String prompt, RunState state,
                      Instant createdAt, Instant updatedAt, Instant startedAt, String sessionId,
                      String sessionLink, AgentConfig agentConfig, RunStatusMessage statusMessage,
                      RunSource source, UserProfile creator, RunScope scope, RequestUsage requestUsage,
                      List<Artifact> artifacts, String parentRunId, Object schedule,
                      @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public RunItem {
        extra = Extras.of(extra);
    }
}
