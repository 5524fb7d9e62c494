package io.agentruns.agent.model;

import io.agentruns.core.error.ApiException;
import io.agentruns.core.model.ModelCatalog;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Maps the {@code model_id} of a run to a provider and the provider's model name.
 *
 * <p>Known ids come from a configurable table (defaults below, extended by AGENTRUNS_MODELS =
 * {@code id=provider:providerModel,...}). Besides those, {@code openai/<name>} and
 * {@code anthropic/<name>} route any name (for vLLM, Ollama, OpenRouter, ...), and ids that look
 * like a provider's own family ({@code gpt-*}, {@code o1..o4*}, {@code claude-*}) pass through.
 * Anything else is rejected at create time (422). Guarded by ModelRegistryTest.
 */
public final class ModelRegistry implements ModelCatalog {
    public static final String BUILT_IN_DEFAULT = "gpt-4.1";

    private final Map<String, ModelRoute> routes;
    private final String defaultModel;

    public ModelRegistry(Map<String, ModelRoute> extraRoutes, String defaultModel) {
        Map<String, ModelRoute> table = new LinkedHashMap<>(defaults());
        table.putAll(extraRoutes);
        this.routes = Map.copyOf(table);
        this.defaultModel = defaultModel == null || defaultModel.isBlank() || isAlias(defaultModel.trim())
                ? BUILT_IN_DEFAULT : defaultModel.trim();
        if (find(this.defaultModel).isEmpty()) {
            throw new IllegalArgumentException("AGENTRUNS_DEFAULT_MODEL names an unknown model: " + this.defaultModel);
        }
    }

    public static ModelRegistry fromEnvironment(Map<String, String> env) {
        return new ModelRegistry(parseTable(env.getOrDefault("AGENTRUNS_MODELS", "")),
                env.get("AGENTRUNS_DEFAULT_MODEL"));
    }

    /** Parses {@code id=provider:model,id2=provider:model2}. */
    public static Map<String, ModelRoute> parseTable(String spec) {
        Map<String, ModelRoute> out = new LinkedHashMap<>();
        for (String entry : spec.split(",")) {
            if (entry.isBlank()) {
                continue;
            }
            int eq = entry.indexOf('=');
            int colon = entry.indexOf(':', eq + 1);
            if (eq <= 0 || colon < 0) {
                throw new IllegalArgumentException("AGENTRUNS_MODELS entries look like id=provider:model, not " + entry);
            }
            String id = entry.substring(0, eq).trim();
            out.put(id, new ModelRoute(id, Provider.parse(entry.substring(eq + 1, colon)),
                    entry.substring(colon + 1).trim()));
        }
        return out;
    }

    private static Map<String, ModelRoute> defaults() {
        Map<String, ModelRoute> m = new LinkedHashMap<>();
        for (String id : new String[] {"gpt-4.1", "gpt-4.1-mini", "gpt-4.1-nano", "gpt-4o", "gpt-4o-mini", "gpt-5",
                "gpt-5-mini", "o3", "o4-mini"}) {
            m.put(id, new ModelRoute(id, Provider.OPENAI, id));
        }
        for (String id : new String[] {"claude-sonnet-4-5", "claude-opus-4-1", "claude-haiku-4-5",
                "claude-sonnet-4-0", "claude-3-7-sonnet-latest", "claude-3-5-haiku-latest"}) {
            m.put(id, new ModelRoute(id, Provider.ANTHROPIC, id));
        }
        return m;
    }

    public String defaultModel() {
        return defaultModel;
    }

    @Override
    public String resolve(String requested) {
        String id = requested == null || requested.isBlank() || isAlias(requested.trim()) ? defaultModel : requested.trim();
        if (find(id).isEmpty()) {
            throw ApiException.unprocessable(io.agentruns.core.error.ErrorCode.INVALID_REQUEST,
                    "unknown model_id '" + id + "'; known: " + String.join(", ", routes.keySet())
                            + ", or openai/<model>, anthropic/<model>");
        }
        return id;
    }

    /** "default" and "auto" stand for the default model. */
    private static boolean isAlias(String id) {
        return id.equalsIgnoreCase("default") || id.equalsIgnoreCase("auto");
    }

    /** The route of a (resolved) model id; empty when the id is unknown. */
    public Optional<ModelRoute> find(String modelId) {
        if (modelId == null) {
            return Optional.empty();
        }
        if (isAlias(modelId)) {
            return find(defaultModel);
        }
        ModelRoute known = routes.get(modelId);
        if (known != null) {
            return Optional.of(known);
        }
        int slash = modelId.indexOf('/');
        if (slash > 0 && slash < modelId.length() - 1) {
            String prefix = modelId.substring(0, slash).toLowerCase(Locale.ROOT);
            String name = modelId.substring(slash + 1);
            if (prefix.equals("openai")) {
                return Optional.of(new ModelRoute(modelId, Provider.OPENAI, name));
            }
            if (prefix.equals("anthropic")) {
                return Optional.of(new ModelRoute(modelId, Provider.ANTHROPIC, name));
            }
            return Optional.empty();
        }
        if (modelId.matches("gpt-[A-Za-z0-9.\\-]+|o[1-4](-[A-Za-z0-9.\\-]+)?")) {
            return Optional.of(new ModelRoute(modelId, Provider.OPENAI, modelId));
        }
        if (modelId.matches("claude-[A-Za-z0-9.\\-]+")) {
            return Optional.of(new ModelRoute(modelId, Provider.ANTHROPIC, modelId));
        }
        return Optional.empty();
    }
}
