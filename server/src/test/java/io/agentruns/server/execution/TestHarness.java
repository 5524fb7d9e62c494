package io.agentruns.server.execution;

import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.event.EventType;
import io.agentruns.core.harness.CancellationToken;
import io.agentruns.core.harness.EventSink;
import io.agentruns.core.harness.Harness;
import io.agentruns.core.harness.HarnessRun;
import io.agentruns.core.harness.RunOutcome;
import io.agentruns.core.run.StatusMessage;
import io.agentruns.core.run.Usage;
import io.agentruns.store.Database;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A fast harness for engine tests, steered by the prompt: {@code block} runs until cancelled,
 * {@code fail} fails, anything else sleeps {@code sleep} (cancellable) and succeeds. Every
 * invocation is recorded in the table {@code test_harness_executions} of the service's own
 * database, so tests can check exactly-once across processes.
 */
public final class TestHarness implements Harness {
    public static final String TABLE_DDL = "CREATE TABLE IF NOT EXISTS test_harness_executions "
            + "(run_id varchar(40) NOT NULL, pid bigint NOT NULL, at_millis bigint NOT NULL)";

    private final Database database;
    private final Duration sleep;
    private volatile boolean tableReady;

    public TestHarness(Database database, Duration sleep) {
        this.database = database;
        this.sleep = sleep;
    }

    @Override
    public PreparedRun prepare(HarnessRun run, EventSink events, CancellationToken cancel) {
        record(run);
        return new PreparedRun() {
            @Override
            public RunOutcome execute(EventSink sink, CancellationToken token) {
                String prompt = run.prompt() == null ? "" : run.prompt().strip();
                sink.emit(EventType.MODEL_MESSAGE, Map.of("role", "assistant", "text", "working on: " + prompt));
                if (prompt.startsWith("fail")) {
                    return new RunOutcome.Failed(new StatusMessage("the test harness was told to fail",
                            ErrorCode.INTERNAL_ERROR, false), Usage.NONE, List.of());
                }
                boolean cancelled = waitOrCancel(token, prompt.startsWith("block") ? Duration.ofMinutes(10) : sleep);
                if (cancelled) {
                    return new RunOutcome.Cancelled(Usage.NONE);
                }
                sink.emit(EventType.OUTPUT, Map.of("text", "done"));
                return new RunOutcome.Succeeded("done", new Usage(3, 5, 0.001, 0), List.of());
            }

            @Override
            public void close() {
            }
        };
    }

    private static boolean waitOrCancel(CancellationToken token, Duration duration) {
        if (duration.isZero()) {
            return token.isCancelled();
        }
        CountDownLatch cancelled = new CountDownLatch(1);
        token.onCancel(cancelled::countDown);
        try {
            return cancelled.await(duration.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    private void record(HarnessRun run) {
        if (!tableReady) {
            try {
                database.jdbc().sql(TABLE_DDL).update();
            } catch (RuntimeException e) {
                // Another process created it at the same moment.
            }
            tableReady = true;
        }
        database.jdbc().sql("INSERT INTO test_harness_executions (run_id, pid, at_millis) VALUES (?, ?, ?)")
                .params(run.runId().toString(), ProcessHandle.current().pid(), System.currentTimeMillis())
                .update();
    }
}
