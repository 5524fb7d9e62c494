package io.agentruns.agent.tools;

import io.agentruns.core.harness.CancellationToken;
import io.agentruns.core.harness.EventSink;

/** What a tool call may use: the transcript, the run's cancellation, and the call's id. */
public record ToolContext(EventSink events, CancellationToken cancel, String callId) {
}
