package io.agentruns.server.config;

import io.agentruns.core.model.ModelCatalog;
import io.agentruns.core.skill.SkillCatalog;
import java.util.List;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Fallbacks for ports that other modules implement: registered as an auto-configuration so that
 * {@code @ConditionalOnMissingBean} sees every bean of the application first. Any
 * {@link ModelCatalog} or {@link SkillCatalog} bean (e.g. the agent module's) replaces these.
 */
@AutoConfiguration
public class DefaultPortsAutoConfiguration {

    /** Accepts any model id; runs without one get {@code AGENTRUNS_DEFAULT_MODEL}. */
    @Bean
    @ConditionalOnMissingBean
    public ModelCatalog modelCatalog(AgentrunsProperties properties) {
        return requested -> requested != null ? requested : properties.defaultModel();
    }

    /** No skills until the agent module provides the catalog. */
    @Bean
    @ConditionalOnMissingBean
    public SkillCatalog skillCatalog() {
        return teamId -> List.of();
    }
}
