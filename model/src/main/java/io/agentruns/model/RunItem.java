package io.agentruns.model;

import java.time.Instant;
import java.util.List;

/** One run as GET /agent/runs and GET /agent/runs/{runId} serve it. */
public record RunItem(String runId, String taskId, String title, String prompt, String state,
                      Instant createdAt, Instant updatedAt, Instant startedAt, String sessionId,
                      String sessionLink, AmbientAgentConfig agentConfig, RunStatusMessage statusMessage,
                      String source, UserProfile creator, Scope scope, RequestUsage requestUsage,
                      List<Artifact> artifacts, String parentRunId, Schedule schedule) {

    /** The schedule that created a run (only for scheduled runs). */
    public record Schedule(String scheduleId, String scheduleName, String cronSchedule) {
    }
}
