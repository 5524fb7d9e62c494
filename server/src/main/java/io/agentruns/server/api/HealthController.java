package io.agentruns.server.api;

import io.agentruns.core.error.ApiException;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.server.auth.PublicEndpoint;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import javax.sql.DataSource;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers). No auth; both modes. */
@RestController
@PublicEndpoint
public class HealthController {
    private final DataSource dataSource;

    public HealthController(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @GetMapping("/healthz")
    public Map<String, String> health() {
        return Map.of("status", "ok");
    }

    @GetMapping("/readyz")
    public Map<String, String> ready() {
        try (Connection c = dataSource.getConnection()) {
            if (c.isValid(2)) {
                return Map.of("status", "ok");
            }
        } catch (SQLException e) {
            // reported below
        }
        throw new ApiException(ApiException.Kind.UNAVAILABLE, ErrorCode.RESOURCE_UNAVAILABLE, "the database is not reachable");
    }
}
