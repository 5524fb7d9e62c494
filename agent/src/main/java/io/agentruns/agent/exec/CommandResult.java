package io.agentruns.agent.exec;

/** How a command ended; {@code output} is stdout and stderr interleaved, capped. */
public record CommandResult(int exitCode, String output, boolean truncated, long durationMs,
                            boolean timedOut, boolean cancelled) {
    public boolean succeeded() {
        return exitCode == 0 && !timedOut && !cancelled;
    }

    /** The last {@code chars} characters of the output, for error messages. */
    public String tail(int chars) {
        return output.length() <= chars ? output : "..." + output.substring(output.length() - chars);
    }
}
