package io.agentruns.server.runs;

import io.agentruns.core.environment.Environment;
import io.agentruns.core.environment.EnvironmentRepository;
import io.agentruns.core.error.ApiException;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.model.ModelCatalog;
import io.agentruns.core.run.AgentConfig;
import io.agentruns.core.skill.Skill;
import io.agentruns.core.skill.SkillCatalog;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Fills in a run's configuration defaults before it is stored: the model (via {@link ModelCatalog}),
 * the environment (the given one, which the caller's team must own, else the team's default),
 * and the name (the skill's name for a run from a skill).
 */
@Component
public class ConfigResolver {
    private final ModelCatalog models;
    private final EnvironmentRepository environments;
    private final SkillCatalog skills;

    public ConfigResolver(ModelCatalog models, EnvironmentRepository environments, SkillCatalog skills) {
        this.models = models;
        this.environments = environments;
        this.skills = skills;
    }

    public AgentConfig resolve(UUID teamId, AgentConfig requested) {
        AgentConfig config = requested.withModelId(models.resolve(requested.modelId()));
        config = config.withEnvironmentId(environmentOf(teamId, requested.environmentId()).id().toString());
        if (config.name() == null && config.skillSpec() != null) {
            config = config.withName(skillName(teamId, config.skillSpec()));
        }
        return config;
    }

    private Environment environmentOf(UUID teamId, String requestedId) {
        if (requestedId == null) {
            return environments.findDefault(teamId).orElseThrow(() -> ApiException.unprocessable(
                    ErrorCode.RESOURCE_NOT_FOUND,
                    "config.environment_id: not given and the team has no default environment"));
        }
        UUID id;
        try {
            id = UUID.fromString(requestedId);
        } catch (IllegalArgumentException e) {
            throw unknownEnvironment(requestedId);
        }
        // Another team's environment is reported exactly like a missing one (invariant 7).
        return environments.find(teamId, id).orElseThrow(() -> unknownEnvironment(requestedId));
    }

    private String skillName(UUID teamId, String spec) {
        for (Skill skill : skills.list(teamId)) {
            if (skill.id().equals(spec) && skill.name() != null) {
                return skill.name();
            }
        }
        SkillSpec parsed = SkillSpec.parse(spec);
        return parsed == null ? spec : parsed.derivedName();
    }

    private static ApiException unknownEnvironment(String id) {
        return ApiException.unprocessable(ErrorCode.RESOURCE_NOT_FOUND,
                "config.environment_id: no environment " + id);
    }
}
