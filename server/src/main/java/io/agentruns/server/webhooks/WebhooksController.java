package io.agentruns.server.webhooks;

import io.agentruns.core.error.ApiException;
import io.agentruns.core.identity.Scope;
import io.agentruns.model.WireJson;
import io.agentruns.server.api.JsonBody;
import io.agentruns.server.auth.Caller;
import io.agentruns.server.auth.RequiresScope;
import io.agentruns.server.config.ConditionalOnApi;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * {@code /api/v1/webhooks}: create (answers the signing secret once), list, get, update (PUT or
 * PATCH: given fields replace), delete, and the delivery log {@code /{id}/deliveries}. Changing
 * webhooks needs {@code admin} (they send run data out of the service); reading needs {@code runs:read}.
 */
@RestController
@ConditionalOnApi
@RequestMapping(path = "/api/v1/webhooks", produces = MediaType.APPLICATION_JSON_VALUE)
public class WebhooksController {
    private final WebhookService service;

    public WebhooksController(WebhookService service) {
        this.service = service;
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    @RequiresScope(Scope.ADMIN)
    public ResponseEntity<Map<String, Object>> create(Caller caller, @RequestBody(required = false) JsonNode body) {
        WebhookService.Fields f = fields(body, true);
        WebhookService.Created created = service.create(caller.teamId(), f);
        Map<String, Object> out = toWire(created.webhook());
        out.put("secret", created.secret());
        return ResponseEntity.status(HttpStatus.CREATED)
                .header("Location", "/api/v1/webhooks/" + created.webhook().id())
                .body(out);
    }

    @GetMapping
    @RequiresScope(Scope.RUNS_READ)
    public Map<String, Object> list(Caller caller) {
        return Map.of("webhooks", service.list(caller.teamId()).stream().map(WebhooksController::toWire).toList());
    }

    @GetMapping("/{id}")
    @RequiresScope(Scope.RUNS_READ)
    public Map<String, Object> get(Caller caller, @PathVariable String id) {
        return toWire(service.get(caller.teamId(), id));
    }

    @PutMapping(path = "/{id}", consumes = MediaType.APPLICATION_JSON_VALUE)
    @RequiresScope(Scope.ADMIN)
    public Map<String, Object> put(Caller caller, @PathVariable String id, @RequestBody(required = false) JsonNode body) {
        return toWire(service.update(caller.teamId(), id, fields(body, false)));
    }

    @PatchMapping(path = "/{id}", consumes = MediaType.APPLICATION_JSON_VALUE)
    @RequiresScope(Scope.ADMIN)
    public Map<String, Object> patch(Caller caller, @PathVariable String id, @RequestBody(required = false) JsonNode body) {
        return put(caller, id, body);
    }

    @DeleteMapping("/{id}")
    @RequiresScope(Scope.ADMIN)
    public ResponseEntity<Void> delete(Caller caller, @PathVariable String id) {
        service.delete(caller.teamId(), id);
        return ResponseEntity.noContent().build();
    }

    @GetMapping("/{id}/deliveries")
    @RequiresScope(Scope.RUNS_READ)
    public Map<String, Object> deliveries(Caller caller, @PathVariable String id,
                                          @RequestParam(name = "limit", required = false) String limit) {
        int max = 50;
        if (limit != null) {
            try {
                max = Integer.parseInt(limit.trim());
            } catch (NumberFormatException e) {
                throw ApiException.invalid("limit must be an integer between 1 and 200");
            }
            if (max < 1 || max > 200) {
                throw ApiException.invalid("limit must be an integer between 1 and 200");
            }
        }
        List<Map<String, Object>> out = service.deliveries(caller.teamId(), id, max).stream()
                .map(d -> deliveryWire(d, service.attempts(d))).toList();
        return Map.of("deliveries", out);
    }

    private static WebhookService.Fields fields(JsonNode body, boolean create) {
        JsonBody json = new JsonBody();
        JsonNode root = json.root(body);
        String url = json.string(root, "", "url", 2000);
        List<String> types = json.stringList(root, "", "event_types", 20, 60);
        String description = json.string(root, "", "description", 500);
        Boolean enabled = json.bool(root, "", "enabled");
        if (create && url == null && !json.hasErrors()) {
            json.error("url", "is required");
        }
        json.throwIfInvalid();
        return new WebhookService.Fields(url, types, description, enabled);
    }

    static Map<String, Object> toWire(Webhook w) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", w.id().toString());
        m.put("url", w.url());
        m.put("event_types", w.eventTypes());
        if (w.description() != null) {
            m.put("description", w.description());
        }
        m.put("enabled", w.enabled());
        m.put("created_at", iso(w.createdAt()));
        m.put("updated_at", iso(w.updatedAt()));
        return m;
    }

    static Map<String, Object> deliveryWire(WebhookDelivery d, List<WebhookStore.DeliveryAttempt> attempts) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", d.messageId());
        m.put("webhook_id", d.webhookId().toString());
        m.put("event_type", d.eventType());
        if (d.runId() != null) {
            m.put("run_id", d.runId().toString());
        }
        m.put("status", d.status().name());
        m.put("attempts", d.attempts());
        m.put("created_at", iso(d.createdAt()));
        if (d.status() == WebhookDelivery.Status.PENDING) {
            m.put("next_attempt_at", iso(d.nextAttemptAt()));
        }
        putIfNotNull(m, "last_attempt_at", iso(d.lastAttemptAt()));
        putIfNotNull(m, "delivered_at", iso(d.deliveredAt()));
        putIfNotNull(m, "last_status_code", d.lastStatusCode());
        putIfNotNull(m, "last_error", d.lastError());
        m.put("payload", WireJson.mapper().readTree(d.payload()));
        m.put("attempt_log", attempts.stream().map(a -> {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("attempt", a.attempt());
            x.put("attempted_at", iso(a.attemptedAt()));
            putIfNotNull(x, "status_code", a.statusCode());
            putIfNotNull(x, "error", a.error());
            x.put("duration_ms", a.durationMs());
            return x;
        }).toList());
        return m;
    }

    private static void putIfNotNull(Map<String, Object> m, String k, Object v) {
        if (v != null) {
            m.put(k, v);
        }
    }

    private static String iso(Instant i) {
        return i == null ? null : DateTimeFormatter.ISO_INSTANT.format(i);
    }
}
