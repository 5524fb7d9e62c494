package io.agentruns.core.skill;

import java.util.List;
import java.util.UUID;

/** Finds skills in the repositories of a team's environments (GET /api/v1/agent). */
public interface SkillCatalog {
    List<Skill> list(UUID teamId);
}
