package io.agentruns.model;

/** What a run consumed: costs in US dollars and token counts. */
public record RequestUsage(Double inferenceCost, Double computeCost, Long inputTokens, Long outputTokens) {
}
