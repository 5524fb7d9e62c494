package io.agentruns.core.run;

/** What a run consumed (wire: request_usage). Costs are in US dollars. */
public record Usage(long inputTokens, long outputTokens, double inferenceCost, double computeCost) {
    public static final Usage NONE = new Usage(0, 0, 0, 0);

    public Usage plus(Usage other) {
        return new Usage(inputTokens + other.inputTokens, outputTokens + other.outputTokens,
                inferenceCost + other.inferenceCost, computeCost + other.computeCost);
    }
}
