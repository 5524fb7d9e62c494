package io.agentruns.agent.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentruns.core.error.ApiException;
import io.agentruns.core.error.ErrorCode;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModelRegistryTest {
    ModelRegistry registry = ModelRegistry.fromEnvironment(Map.of(
            "AGENTRUNS_MODELS", "local-coder=openai:qwen2.5-coder:7b, house=anthropic:claude-sonnet-4-5"));

    @Test
    void defaultsAndFamiliesRouteToTheirProvider() {
        assertThat(registry.resolve(null)).isEqualTo("gpt-4.1");
        assertThat(registry.resolve("default")).isEqualTo("gpt-4.1");
        assertThat(registry.find("auto")).map(ModelRoute::providerModel).contains("gpt-4.1");
        assertThat(registry.find("gpt-4o-mini")).map(ModelRoute::provider).contains(Provider.OPENAI);
        assertThat(registry.find("claude-opus-4-1")).map(ModelRoute::provider).contains(Provider.ANTHROPIC);
        assertThat(registry.find("claude-3-haiku-20240307")).map(ModelRoute::provider).contains(Provider.ANTHROPIC);
        assertThat(registry.find("o4-mini")).map(ModelRoute::provider).contains(Provider.OPENAI);
    }

    @Test
    void configuredAndPrefixedIdsRouteAnyName() {
        assertThat(registry.find("local-coder")).contains(new ModelRoute("local-coder", Provider.OPENAI, "qwen2.5-coder:7b"));
        assertThat(registry.find("house")).map(ModelRoute::providerModel).contains("claude-sonnet-4-5");
        assertThat(registry.find("openai/llama3.1:8b")).map(ModelRoute::providerModel).contains("llama3.1:8b");
        assertThat(registry.resolve("anthropic/claude-next")).isEqualTo("anthropic/claude-next");
    }

    @Test
    void unknownModelIsRejectedWith422() {
        assertThatThrownBy(() -> registry.resolve("gemini-pro")).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.kind()).isEqualTo(ApiException.Kind.UNPROCESSABLE);
            assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_REQUEST);
            assertThat(e.getMessage()).contains("gemini-pro");
        });
        assertThatThrownBy(() -> registry.resolve("mistral/large")).isInstanceOf(ApiException.class);
    }

    @Test
    void defaultModelComesFromTheEnvironment() {
        assertThat(ModelRegistry.fromEnvironment(Map.of("AGENTRUNS_DEFAULT_MODEL", "claude-haiku-4-5")).resolve(" "))
                .isEqualTo("claude-haiku-4-5");
        assertThatThrownBy(() -> ModelRegistry.fromEnvironment(Map.of("AGENTRUNS_DEFAULT_MODEL", "nope")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
