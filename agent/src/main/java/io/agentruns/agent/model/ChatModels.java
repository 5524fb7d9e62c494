package io.agentruns.agent.model;

import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import io.agentruns.agent.AgentSettings.ProviderSettings;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.run.StatusMessage;
import java.util.Optional;

/**
 * Builds the LangChain4j chat model for a route. This is the one production path to a provider:
 * tests point the same builders at a scripted server through the base URL variables.
 */
public final class ChatModels {
    private final ProviderSettings settings;

    public ChatModels(ProviderSettings settings) {
        this.settings = settings;
    }

    /** Why {@code provider} cannot be used, or empty when it is configured. */
    public Optional<StatusMessage> notConfigured(Provider provider) {
        String key = key(provider);
        String baseUrl = baseUrl(provider);
        if (key == null && baseUrl == null) {
            return Optional.of(new StatusMessage("No " + provider.id() + " provider is configured: set "
                    + provider.keyVariable() + " (and " + provider.baseUrlVariable()
                    + " for a compatible endpoint) on the worker", ErrorCode.INTEGRATION_NOT_CONFIGURED, false));
        }
        return Optional.empty();
    }

    public ChatModel create(ModelRoute route) {
        String key = key(route.provider());
        String apiKey = key == null ? "not-needed" : key;
        return switch (route.provider()) {
            case OPENAI -> OpenAiChatModel.builder()
                    .baseUrl(baseUrl(Provider.OPENAI) == null ? "https://api.openai.com/v1" : baseUrl(Provider.OPENAI))
                    .apiKey(apiKey)
                    .modelName(route.providerModel())
                    .maxRetries(settings.maxRetries())
                    .timeout(settings.requestTimeout())
                    .build();
            case ANTHROPIC -> AnthropicChatModel.builder()
                    .baseUrl(anthropicBaseUrl())
                    .apiKey(apiKey)
                    .modelName(route.providerModel())
                    .maxTokens(settings.maxOutputTokens())
                    .maxRetries(settings.maxRetries())
                    .timeout(settings.requestTimeout())
                    .build();
        };
    }

    /** ANTHROPIC_BASE_URL is conventionally the host (SDKs add /v1); LangChain4j wants the /v1 URL. */
    private String anthropicBaseUrl() {
        String base = baseUrl(Provider.ANTHROPIC);
        if (base == null) {
            return "https://api.anthropic.com/v1/";
        }
        String trimmed = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        return (trimmed.endsWith("/v1") ? trimmed : trimmed + "/v1") + "/";
    }

    private String key(Provider p) {
        return p == Provider.OPENAI ? settings.openAiApiKey() : settings.anthropicApiKey();
    }

    private String baseUrl(Provider p) {
        return p == Provider.OPENAI ? settings.openAiBaseUrl() : settings.anthropicBaseUrl();
    }
}
