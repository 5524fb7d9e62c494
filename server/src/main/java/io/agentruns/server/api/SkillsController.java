package io.agentruns.server.api;

import io.agentruns.core.identity.Scope;
import io.agentruns.core.skill.Skill;
import io.agentruns.core.skill.SkillCatalog;
import io.agentruns.model.AgentListResponse;
import io.agentruns.server.auth.Caller;
import io.agentruns.server.auth.RequiresScope;
import io.agentruns.server.config.ConditionalOnApi;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** GET /api/v1/agent: the skills of the caller's environments, grouped by name. */
@RestController
@ConditionalOnApi
public class SkillsController {
    private final SkillCatalog skills;

    public SkillsController(SkillCatalog skills) {
        this.skills = skills;
    }

    @GetMapping("/api/v1/agent")
    @RequiresScope(Scope.RUNS_READ)
    public AgentListResponse list(Caller caller) {
        Map<String, List<AgentListResponse.Variant>> byName = new TreeMap<>();
        for (Skill s : skills.list(caller.teamId())) {
            byName.computeIfAbsent(s.name(), k -> new ArrayList<>()).add(new AgentListResponse.Variant(
                    s.id(), s.description(), s.body(), new AgentListResponse.Source(s.owner(), s.repo(), s.path()),
                    s.environments().stream()
                            .map(e -> new AgentListResponse.EnvironmentRef(e.id().toString(), e.name())).toList()));
        }
        return new AgentListResponse(byName.entrySet().stream()
                .map(e -> new AgentListResponse.AgentSkill(e.getKey(), e.getValue())).toList());
    }
}
