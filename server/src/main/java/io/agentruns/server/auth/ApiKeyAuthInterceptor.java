package io.agentruns.server.auth;

import io.agentruns.core.error.ApiException;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.identity.ApiKeySecret;
import io.agentruns.core.identity.AuthenticatedKey;
import io.agentruns.core.identity.IdentityRepository;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Authenticates every controller method that is not {@link PublicEndpoint}: resolves
 * {@code Authorization: Bearer <key>} by the key's SHA-256 (the store looks up active keys only,
 * so revocation and expiry take effect on the next request), then checks {@link RequiresScope}.
 * Unknown routes are not handler methods and answer 404 without a key.
 * Guarded by {@code AuthTest} (revoke, expiry, scopes) and {@code BadInputTest} (bad auth cases).
 */
public class ApiKeyAuthInterceptor implements HandlerInterceptor {
    static final String CALLER_ATTRIBUTE = ApiKeyAuthInterceptor.class.getName() + ".caller";
    private static final Duration MARK_USED_EVERY = Duration.ofMinutes(1);

    private final IdentityRepository identities;
    private final Clock clock;

    public ApiKeyAuthInterceptor(IdentityRepository identities, Clock clock) {
        this.identities = identities;
        this.clock = clock;
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (!(handler instanceof HandlerMethod method) || isPublic(method)) {
            return true;
        }
        AuthenticatedKey key = authenticate(request.getHeader("Authorization"));
        request.setAttribute(CALLER_ATTRIBUTE, new Caller(key));
        RequiresScope required = Optional.ofNullable(method.getMethodAnnotation(RequiresScope.class))
                .orElseGet(() -> method.getBeanType().getAnnotation(RequiresScope.class));
        if (required != null && !key.has(required.value())) {
            throw new ApiException(ApiException.Kind.FORBIDDEN, ErrorCode.NOT_AUTHORIZED,
                    "this API key lacks the scope " + required.value().wireName());
        }
        return true;
    }

    private AuthenticatedKey authenticate(String header) {
        if (header == null || header.isBlank()) {
            throw unauthenticated("missing Authorization header; send Authorization: Bearer <API key>");
        }
        String[] parts = header.trim().split("\\s+", 2);
        if (parts.length != 2 || !parts[0].equalsIgnoreCase("Bearer") || parts[1].isBlank()) {
            throw unauthenticated("malformed Authorization header; send Authorization: Bearer <API key>");
        }
        AuthenticatedKey key = identities.findActiveKeyByHash(ApiKeySecret.hash(parts[1].trim()))
                .orElseThrow(() -> unauthenticated("the API key is unknown, revoked or expired"));
        if (key.key().lastUsedAt() == null
                || key.key().lastUsedAt().plus(MARK_USED_EVERY).isBefore(clock.instant())) {
            identities.markUsed(key.key().id());
        }
        return key;
    }

    private static boolean isPublic(HandlerMethod method) {
        return method.hasMethodAnnotation(PublicEndpoint.class)
                || method.getBeanType().isAnnotationPresent(PublicEndpoint.class);
    }

    private static ApiException unauthenticated(String detail) {
        return new ApiException(ApiException.Kind.UNAUTHENTICATED, ErrorCode.AUTHENTICATION_REQUIRED, detail);
    }
}
