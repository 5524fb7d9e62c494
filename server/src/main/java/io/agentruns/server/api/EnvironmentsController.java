package io.agentruns.server.api;

import io.agentruns.core.environment.Environment;
import io.agentruns.core.environment.EnvironmentRepository;
import io.agentruns.core.error.ApiException;
import io.agentruns.core.identity.Scope;
import io.agentruns.model.CloudEnvironment;
import io.agentruns.model.CloudEnvironmentList;
import io.agentruns.server.auth.Caller;
import io.agentruns.server.auth.RequiresScope;
import io.agentruns.server.config.ConditionalOnApi;
import io.agentruns.server.environments.EnvironmentRequestParser;
import java.net.URI;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/** CloudEnvironments of the caller's team (another team's answers 404, invariant 7). */
@RestController
@ConditionalOnApi
@RequestMapping("/api/v1/agent/environments")
public class EnvironmentsController {
    private final EnvironmentRepository environments;
    private final EnvironmentRequestParser parser;
    private final PublicUrl publicUrl;

    public EnvironmentsController(EnvironmentRepository environments, EnvironmentRequestParser parser,
                                  PublicUrl publicUrl) {
        this.environments = environments;
        this.parser = parser;
        this.publicUrl = publicUrl;
    }

    @GetMapping
    @RequiresScope(Scope.RUNS_READ)
    public CloudEnvironmentList list(Caller caller) {
        return new CloudEnvironmentList(environments.list(caller.teamId()).stream().map(EnvironmentsController::toWire).toList());
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    @RequiresScope(Scope.RUNS_WRITE)
    public ResponseEntity<CloudEnvironment> create(Caller caller, @RequestBody JsonNode body) {
        Environment created = environments.create(caller.teamId(), parser.parse(body));
        return ResponseEntity.created(URI.create(publicUrl.api("/agent/environments/" + created.id())))
                .body(toWire(created));
    }

    @GetMapping("/{id}")
    @RequiresScope(Scope.RUNS_READ)
    public CloudEnvironment get(Caller caller, @PathVariable String id) {
        return parseId(id).flatMap(uuid -> environments.find(caller.teamId(), uuid)).map(EnvironmentsController::toWire)
                .orElseThrow(() -> notFound(id));
    }

    @PutMapping(path = "/{id}", consumes = MediaType.APPLICATION_JSON_VALUE)
    @RequiresScope(Scope.RUNS_WRITE)
    public CloudEnvironment update(Caller caller, @PathVariable String id, @RequestBody JsonNode body) {
        UUID uuid = parseId(id).orElseThrow(() -> notFound(id));
        var spec = parser.parse(body);
        return environments.update(caller.teamId(), uuid, spec).map(EnvironmentsController::toWire)
                .orElseThrow(() -> notFound(id));
    }

    @DeleteMapping("/{id}")
    @RequiresScope(Scope.RUNS_WRITE)
    public ResponseEntity<Void> delete(Caller caller, @PathVariable String id) {
        UUID uuid = parseId(id).orElseThrow(() -> notFound(id));
        if (!environments.delete(caller.teamId(), uuid)) {
            throw notFound(id);
        }
        return ResponseEntity.noContent().build();
    }

    static CloudEnvironment toWire(Environment e) {
        return new CloudEnvironment(e.id().toString(), e.name(), e.description(), e.dockerImage(),
                e.repos().stream().map(r -> new CloudEnvironment.Repo(r.url(), r.branch())).toList(),
                e.setupCommands(), e.isDefault(), e.createdAt(), e.updatedAt());
    }

    private static Optional<UUID> parseId(String id) {
        try {
            return Optional.of(UUID.fromString(id));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static ApiException notFound(String id) {
        return ApiException.notFound("no environment " + id);
    }
}
