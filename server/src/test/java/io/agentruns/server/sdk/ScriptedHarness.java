package io.agentruns.server.sdk;

import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.event.EventType;
import io.agentruns.core.harness.CancellationToken;
import io.agentruns.core.harness.EventSink;
import io.agentruns.core.harness.Harness;
import io.agentruns.core.harness.HarnessRun;
import io.agentruns.core.harness.RunOutcome;
import io.agentruns.core.run.StatusMessage;
import io.agentruns.core.run.Usage;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A fast harness for SDK and CLI tests, steered by the prompt: "block" waits until the run is cancelled,
 * "fail" fails, anything else writes a short transcript and succeeds.
 */
final class ScriptedHarness implements Harness {
    @Override
    public PreparedRun prepare(HarnessRun run, EventSink events, CancellationToken cancel) {
        return new PreparedRun() {
            @Override
            public RunOutcome execute(EventSink sink, CancellationToken token) {
                String prompt = run.prompt() == null ? "" : run.prompt();
                sink.emit(EventType.MODEL_MESSAGE, Map.of("role", "assistant", "text", "Working on: " + prompt));
                if (prompt.contains("block")) {
                    CountDownLatch cancelled = new CountDownLatch(1);
                    token.onCancel(cancelled::countDown);
                    try {
                        cancelled.await(60, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return new RunOutcome.Cancelled(Usage.NONE);
                }
                if (prompt.contains("fail")) {
                    sink.emit(EventType.ERROR, Map.of("message", "asked to fail", "error_code", "internal_error"));
                    return new RunOutcome.Failed(new StatusMessage("asked to fail", ErrorCode.INTERNAL_ERROR, false),
                            Usage.NONE, List.of());
                }
                sink.emit(EventType.COMMAND, Map.of("command", "echo hello", "exit_code", 0, "duration_ms", 3,
                        "output", "hello\n", "truncated", false));
                sink.emit(EventType.OUTPUT, Map.of("text", "Done: " + prompt));
                return new RunOutcome.Succeeded("Done: " + prompt, new Usage(10, 5, 0.001, 0.0), List.of());
            }

            @Override
            public void close() {
            }
        };
    }
}
