package io.agentruns.model;

/**
 * Body of POST /agent/run(s). The server validates the raw JSON tree (so that a wrong type is a
 * 400, not a coercion); this record is what clients send and what the SDK builds.
 */
public record RunAgentRequest(String prompt, String title, AmbientAgentConfig config, String skill, Boolean team) {
}
