package io.agentruns.server.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentruns.agent.AgentHarness;
import io.agentruns.agent.AgentSettings;
import io.agentruns.core.harness.Harness;
import io.agentruns.core.model.ModelCatalog;
import io.agentruns.core.skill.SkillCatalog;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The agent configuration alone: its beans, and settings from AGENTRUNS_* names or agentruns.* properties. */
class AgentConfigurationTest {
    @TempDir
    Path tmp;

    @Test
    void exposesHarnessModelCatalogAndSkillCatalog() {
        new ApplicationContextRunner().withUserConfiguration(AgentConfiguration.class)
                .withPropertyValues("agentruns.data-dir=" + tmp, "AGENTRUNS_DEFAULT_MODEL=claude-haiku-4-5",
                        "agentruns.max-steps=7", "OPENAI_BASE_URL=http://127.0.0.1:9/v1")
                .run(ctx -> {
                    assertThat(ctx).hasSingleBean(Harness.class).hasSingleBean(ModelCatalog.class)
                            .hasSingleBean(SkillCatalog.class);
                    assertThat(ctx.getBean(Harness.class)).isInstanceOf(AgentHarness.class);
                    assertThat(ctx.getBean(ModelCatalog.class).resolve(null)).isEqualTo("claude-haiku-4-5");
                    AgentSettings settings = ctx.getBean(AgentSettings.class);
                    assertThat(settings.dataDir()).isEqualTo(tmp);
                    assertThat(settings.maxSteps()).isEqualTo(7);
                    assertThat(settings.providers().openAiBaseUrl()).isEqualTo("http://127.0.0.1:9/v1");
                    assertThat(ctx.getBean(SkillCatalog.class).list(UUID.randomUUID())).isEmpty();
                });
    }
}
