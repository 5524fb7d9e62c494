package io.agentruns.agent.loop;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import io.agentruns.agent.model.Provider;
import io.agentruns.agent.model.ProviderFailures;
import io.agentruns.agent.tools.AgentTool;
import io.agentruns.agent.tools.ToolContext;
import io.agentruns.agent.tools.ToolResult;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.event.EventType;
import io.agentruns.core.harness.CancellationToken;
import io.agentruns.core.harness.EventSink;
import io.agentruns.core.harness.LeaseLostException;
import io.agentruns.core.run.StatusMessage;
import io.agentruns.core.run.Usage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The agent loop: ask the model, run the tools it calls, feed the results back, until it answers
 * without tool calls (finished) or a limit is hit (steps, wall time, tokens). Cancellation is
 * checked between steps and interrupts a waiting model call or running command inside a step.
 * Guarded by AgentHarnessOpenAiTest (stepLimitFailsTheRun, cancelDuringLongCommandStopsTheRun).
 */
public final class AgentLoop {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_RESULT_CHARS = 30_000;
    private static final int MAX_EVENT_RESULT_CHARS = 10_000;

    /** The limits of one run. */
    public record Limits(int maxSteps, Duration maxWallTime, long maxTokens) {
    }

    private final ChatModel model;
    private final Provider provider;
    private final Map<String, AgentTool> tools = new LinkedHashMap<>();
    private final Limits limits;
    private final Clock clock;

    public AgentLoop(ChatModel model, Provider provider, List<AgentTool> tools, Limits limits, Clock clock) {
        this.model = model;
        this.provider = provider;
        tools.forEach(t -> this.tools.put(t.name(), t));
        this.limits = limits;
        this.clock = clock;
    }

    public LoopResult run(String systemPrompt, String userPrompt, EventSink events, CancellationToken cancel) {
        List<ChatMessage> messages = new ArrayList<>();
        messages.add(SystemMessage.from(systemPrompt));
        messages.add(UserMessage.from(userPrompt));
        List<ToolSpecification> specs = tools.values().stream().map(AgentTool::specification).toList();
        Instant deadline = clock.instant().plus(limits.maxWallTime());
        Usage usage = Usage.NONE;
        events.emit(EventType.MODEL_MESSAGE, Map.of("role", "user", "text", userPrompt));
        try (ExecutorService calls = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int step = 1; ; step++) {
                if (cancel.isCancelled()) {
                    return new LoopResult.Cancelled(usage);
                }
                if (step > limits.maxSteps()) {
                    return limit(events, usage, "the step limit of " + limits.maxSteps() + " model turns was reached");
                }
                if (!clock.instant().isBefore(deadline)) {
                    return limit(events, usage, "the wall-time limit of " + describe(limits.maxWallTime()) + " was reached");
                }
                ChatRequest request = ChatRequest.builder().messages(List.copyOf(messages))
                        .toolSpecifications(specs).build();
                Future<ChatResponse> pending = calls.submit(() -> model.chat(request));
                ChatResponse response;
                try {
                    response = await(pending, cancel, deadline);
                } catch (TimeoutException e) {
                    pending.cancel(true);
                    return limit(events, usage, "the wall-time limit of " + describe(limits.maxWallTime())
                            + " was reached while waiting for the model");
                } catch (CancelledWhileWaiting e) {
                    pending.cancel(true);
                    return new LoopResult.Cancelled(usage);
                } catch (ExecutionException e) {
                    StatusMessage status = ProviderFailures.statusOf(provider, e.getCause());
                    error(events, status);
                    return new LoopResult.Failed(status, usage);
                }
                usage = usage.plus(usageOf(response.tokenUsage()));
                AiMessage ai = response.aiMessage();
                messages.add(ai);
                String text = ai.text() == null ? "" : ai.text();
                if (!text.isBlank()) {
                    Map<String, Object> data = new LinkedHashMap<>();
                    data.put("role", "assistant");
                    data.put("text", text);
                    data.put("step", step);
                    events.emit(EventType.MODEL_MESSAGE, data);
                }
                if (!ai.hasToolExecutionRequests()) {
                    events.emit(EventType.OUTPUT, Map.of("text", text));
                    return new LoopResult.Finished(text, usage);
                }
                for (ToolExecutionRequest call : ai.toolExecutionRequests()) {
                    if (cancel.isCancelled()) {
                        return new LoopResult.Cancelled(usage);
                    }
                    ToolResult result = invoke(call, events, cancel);
                    if (cancel.isCancelled()) {
                        return new LoopResult.Cancelled(usage);
                    }
                    messages.add(ToolExecutionResultMessage.from(call, forModel(result)));
                }
                if (usage.inputTokens() + usage.outputTokens() >= limits.maxTokens()) {
                    return limit(events, usage, "the token limit of " + limits.maxTokens() + " tokens was reached ("
                            + (usage.inputTokens() + usage.outputTokens()) + " used)");
                }
            }
        }
    }

    private ToolResult invoke(ToolExecutionRequest call, EventSink events, CancellationToken cancel) {
        String callId = call.id() == null ? "call-" + System.nanoTime() : call.id();
        Map<String, Object> args;
        ToolResult result;
        try {
            args = parseArguments(call.arguments());
        } catch (Exception e) {
            args = Map.of("_raw", String.valueOf(call.arguments()));
        }
        Map<String, Object> callData = new LinkedHashMap<>();
        callData.put("call_id", callId);
        callData.put("tool", call.name());
        callData.put("arguments", capStrings(args));
        events.emit(EventType.TOOL_CALL, callData);
        AgentTool tool = tools.get(call.name());
        if (tool == null) {
            result = ToolResult.error("unknown tool '" + call.name() + "'; available: " + String.join(", ", tools.keySet()));
        } else if (args.containsKey("_raw")) {
            result = ToolResult.error("the arguments are not a JSON object: " + args.get("_raw"));
        } else {
            try {
                result = tool.execute(args, new ToolContext(events, cancel, callId));
            } catch (LeaseLostException e) {
                throw e;
            } catch (IllegalArgumentException e) {
                result = ToolResult.error(e.getMessage());
            } catch (RuntimeException e) {
                result = ToolResult.error("tool failed: " + e);
            }
        }
        Map<String, Object> resultData = new LinkedHashMap<>();
        resultData.put("call_id", callId);
        resultData.put("tool", call.name());
        resultData.put("result", cut(result.text(), MAX_EVENT_RESULT_CHARS));
        resultData.put("is_error", result.isError());
        events.emit(EventType.TOOL_RESULT, resultData);
        return result;
    }

    /** Tool arguments for the transcript, long strings (e.g. a whole file) cut. */
    private static Map<String, Object> capStrings(Map<String, Object> args) {
        Map<String, Object> out = new LinkedHashMap<>();
        args.forEach((k, v) -> out.put(k, v instanceof String s ? cut(s, MAX_EVENT_RESULT_CHARS) : v));
        return out;
    }

    private static Map<String, Object> parseArguments(String json) throws Exception {
        if (json == null || json.isBlank()) {
            return Map.of();
        }
        Map<String, Object> m = JSON.readValue(json, new TypeReference<LinkedHashMap<String, Object>>() { });
        return m == null ? Map.of() : m;
    }

    private static String forModel(ToolResult r) {
        String text = cut(r.text(), MAX_RESULT_CHARS);
        return r.isError() ? "ERROR: " + text : (text.isEmpty() ? "(no output)" : text);
    }

    private static String cut(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max) + "\n... [" + (s.length() - max) + " more characters]";
    }

    private ChatResponse await(Future<ChatResponse> f, CancellationToken cancel, Instant deadline)
            throws TimeoutException, CancelledWhileWaiting, ExecutionException {
        while (true) {
            if (cancel.isCancelled()) {
                throw new CancelledWhileWaiting();
            }
            long left = Duration.between(clock.instant(), deadline).toMillis();
            if (left <= 0) {
                throw new TimeoutException();
            }
            try {
                return f.get(Math.min(left, 200), TimeUnit.MILLISECONDS);
            } catch (TimeoutException poll) {
                // check cancellation and the deadline again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancelledWhileWaiting();
            }
        }
    }

    private static String describe(Duration d) {
        return d.toSeconds() % 60 == 0 ? d.toMinutes() + " minutes" : d.toSeconds() + " seconds";
    }

    private static Usage usageOf(TokenUsage u) {
        if (u == null) {
            return Usage.NONE;
        }
        return new Usage(u.inputTokenCount() == null ? 0 : u.inputTokenCount(),
                u.outputTokenCount() == null ? 0 : u.outputTokenCount(), 0, 0);
    }

    private static LoopResult limit(EventSink events, Usage usage, String what) {
        StatusMessage status = new StatusMessage("The run stopped: " + what, ErrorCode.BUDGET_EXCEEDED, false);
        error(events, status);
        return new LoopResult.Failed(status, usage);
    }

    private static void error(EventSink events, StatusMessage status) {
        events.emit(EventType.ERROR, Map.of("message", status.message(), "error_code", status.errorCode().wireName(),
                "retryable", status.retryable()));
    }

    private static final class CancelledWhileWaiting extends Exception {
    }
}
