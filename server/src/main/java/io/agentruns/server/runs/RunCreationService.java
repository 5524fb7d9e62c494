package io.agentruns.server.runs;

import io.agentruns.core.error.ApiException;
import io.agentruns.core.run.AgentConfig;
import io.agentruns.core.run.CreateResult;
import io.agentruns.core.run.IdempotencyClaim;
import io.agentruns.core.run.NewRun;
import io.agentruns.core.run.RunRepository;
import io.agentruns.core.run.RunSource;
import io.agentruns.server.auth.Caller;
import java.util.regex.Pattern;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;

/**
 * Creates runs: validate, resolve the configuration, store (run + first event + idempotency
 * record in one transaction, invariant 1). The response is sent only after {@code create} returned,
 * i.e. after the commit. Guarded by {@code RunsApiTest} and {@code IdempotencyTest}.
 */
@Service
public class RunCreationService {
    private static final Pattern IDEMPOTENCY_KEY = Pattern.compile("[\\x21-\\x7E]{1,255}");

    private final RunRequestParser parser;
    private final ConfigResolver resolver;
    private final RunRepository runs;

    public RunCreationService(RunRequestParser parser, ConfigResolver resolver, RunRepository runs) {
        this.parser = parser;
        this.resolver = resolver;
        this.runs = runs;
    }

    public CreateResult create(Caller caller, JsonNode body, String idempotencyKey, RunSource source) {
        IdempotencyClaim claim = null;
        if (idempotencyKey != null) {
            if (!IDEMPOTENCY_KEY.matcher(idempotencyKey).matches()) {
                throw ApiException.invalid("Idempotency-Key: must be 1-255 visible ASCII characters");
            }
            // The path is not part of the hash: /agent/run and /agent/runs are the same operation.
            claim = new IdempotencyClaim(caller.principal().id(), idempotencyKey, RequestHash.of("create-run", body));
        }
        RunRequest request = parser.parse(body);
        AgentConfig config = resolver.resolve(caller.teamId(), request.config());
        String title = request.title() != null ? request.title()
                : Titles.derive(request.prompt(), config.name() != null ? config.name() : "Untitled run");
        NewRun run = new NewRun(caller.teamId(), title, request.prompt(), config, source, caller.principal().id(),
                request.teamScoped(), null, null, caller.principal());
        return runs.create(run, claim);
    }
}
