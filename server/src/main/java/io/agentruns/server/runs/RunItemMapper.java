package io.agentruns.server.runs;

import io.agentruns.core.identity.Principal;
import io.agentruns.core.identity.PrincipalType;
import io.agentruns.core.run.AgentConfig;
import io.agentruns.core.run.McpServerConfig;
import io.agentruns.core.run.Run;
import io.agentruns.core.run.RunPage;
import io.agentruns.core.run.StatusMessage;
import io.agentruns.core.run.Usage;
import io.agentruns.model.AmbientAgentConfig;
import io.agentruns.model.Artifact;
import io.agentruns.model.ListRunsResponse;
import io.agentruns.model.MCPServerConfig;
import io.agentruns.model.PageInfo;
import io.agentruns.model.RequestUsage;
import io.agentruns.model.RunItem;
import io.agentruns.model.RunStatusMessage;
import io.agentruns.model.Scope;
import io.agentruns.model.UserProfile;
import io.agentruns.server.api.PublicUrl;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Domain run -> wire RunItem. The configuration goes out redacted: MCP {@code env} and
 * {@code headers} values are {@code "***"} (invariant 8, guarded by {@code RunsApiTest}).
 */
@Component
public class RunItemMapper {
    private final PublicUrl publicUrl;

    public RunItemMapper(PublicUrl publicUrl) {
        this.publicUrl = publicUrl;
    }

    public ListRunsResponse toList(RunPage page) {
        return new ListRunsResponse(page.runs().stream().map(this::toItem).toList(),
                new PageInfo(page.hasNextPage(), page.nextCursor()));
    }

    public RunItem toItem(Run run) {
        String id = run.id().toString();
        return new RunItem(id, id, run.title(), run.prompt(), run.state().name(), run.createdAt(), run.updatedAt(),
                run.startedAt(), run.sessionId(), sessionLink(run), config(run.config().redacted()),
                status(run.statusMessage()), run.source() == null ? null : run.source().name(),
                creator(run.creator()),
                run.teamScoped() ? new Scope("Team", run.teamId().toString())
                        : new Scope("User", run.creator() == null ? null : run.creator().id().toString()),
                usage(run.usage()),
                run.artifacts().stream().map(a -> new Artifact(a.artifactType(), a.createdAt(), a.data())).toList(),
                run.parentRunId() == null ? null : run.parentRunId().toString(),
                run.scheduleId() == null ? null : new RunItem.Schedule(run.scheduleId(), null, null));
    }

    private String sessionLink(Run run) {
        return run.sessionId() == null ? null : publicUrl.base() + "/sessions/" + run.sessionId();
    }

    static AmbientAgentConfig config(AgentConfig c) {
        Map<String, MCPServerConfig> servers = null;
        if (!c.mcpServers().isEmpty()) {
            servers = new LinkedHashMap<>();
            for (Map.Entry<String, McpServerConfig> e : c.mcpServers().entrySet()) {
                McpServerConfig s = e.getValue();
                servers.put(e.getKey(), new MCPServerConfig(s.command(), emptyToNull(s.args()), emptyToNull(s.env()),
                        s.url(), emptyToNull(s.headers()), s.warpId()));
            }
        }
        return new AmbientAgentConfig(c.name(), c.modelId(), c.basePrompt(), c.environmentId(), c.skillSpec(),
                servers, c.workerHost(), c.computerUseEnabled(), c.idleTimeoutMinutes());
    }

    private static RunStatusMessage status(StatusMessage s) {
        return s == null ? null : new RunStatusMessage(s.message(), s.errorCode().wireName(), s.retryable());
    }

    static UserProfile creator(Principal p) {
        if (p == null) {
            return null;
        }
        return new UserProfile(p.id().toString(), p.displayName(),
                p.type() == PrincipalType.SERVICE_ACCOUNT ? "service_account" : "user", p.photoUrl());
    }

    private static RequestUsage usage(Usage u) {
        return new RequestUsage(u.inferenceCost(), u.computeCost(), u.inputTokens(), u.outputTokens());
    }

    private static <T> List<T> emptyToNull(List<T> list) {
        return list == null || list.isEmpty() ? null : list;
    }

    private static <K, V> Map<K, V> emptyToNull(Map<K, V> map) {
        return map == null || map.isEmpty() ? null : map;
    }
}
