package io.agentruns.agent.model;

/** Where a model id goes: which provider, and the model's name at that provider. */
public record ModelRoute(String modelId, Provider provider, String providerModel) {
}
