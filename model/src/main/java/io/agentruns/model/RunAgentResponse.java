package io.agentruns.model;

/** Answer of POST /agent/run(s): the new run's id and its initial state; {@code task_id} is the deprecated alias. */
public record RunAgentResponse(String runId, String taskId, String state) {
    public static RunAgentResponse of(String runId, String state) {
        return new RunAgentResponse(runId, runId, state);
    }
}
