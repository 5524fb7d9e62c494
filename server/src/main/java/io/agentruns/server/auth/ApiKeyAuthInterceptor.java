package io.agentruns.server.auth;

import io.agentruns.core.error.ApiException;
import io.agentruns.core.error.ErrorCode;
import io.agentruns.core.identity.ApiKeySecret;
import io.agentruns.core.identity.AuthenticatedKey;
import io.agentruns.core.identity.IdentityRepository;
import io.agentruns.core.identity.Scope;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
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
    private final ConcurrentHashMap<HandlerMethod, Access> accessByMethod = new ConcurrentHashMap<>();

    public ApiKeyAuthInterceptor(IdentityRepository identities, Clock clock) {
        this.identities = identities;
        this.clock = clock;
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (!(handler instanceof HandlerMethod method)) {
            return true;
        }
        Access access = accessByMethod.computeIfAbsent(method, Access::of);
        if (access.isPublic()) {
            return true;
        }
        AuthenticatedKey key = authenticate(request.getHeader("Authorization"));
        request.setAttribute(CALLER_ATTRIBUTE, new Caller(key));
        if (access.required() != null && !key.has(access.required())) {
            throw new ApiException(ApiException.Kind.FORBIDDEN, ErrorCode.NOT_AUTHORIZED,
                    "this API key lacks the scope " + access.required().wireName());
        }
        return true;
    }

    /**
     * What a controller method demands, read from its annotations once (not on every request: the
     * merged-annotation look-ups showed in the read profile).
     */
    private record Access(boolean isPublic, Scope required) {
        static Access of(HandlerMethod method) {
            boolean open = method.hasMethodAnnotation(PublicEndpoint.class)
                    || method.getBeanType().isAnnotationPresent(PublicEndpoint.class);
            RequiresScope scope = Optional.ofNullable(method.getMethodAnnotation(RequiresScope.class))
                    .orElseGet(() -> method.getBeanType().getAnnotation(RequiresScope.class));
            return new Access(open, scope == null ? null : scope.value());
        }
    }

    private AuthenticatedKey authenticate(String header) {
        if (header == null || header.isBlank()) {
            throw unauthenticated("missing Authorization header; send Authorization: Bearer <API key>");
        }
        String secret = bearerToken(header);
        if (secret == null) {
            throw unauthenticated("malformed Authorization header; send Authorization: Bearer <API key>");
        }
        AuthenticatedKey key = identities.findActiveKeyByHash(ApiKeySecret.hash(secret))
                .orElseThrow(() -> unauthenticated("the API key is unknown, revoked or expired"));
        if (key.key().lastUsedAt() == null
                || key.key().lastUsedAt().plus(MARK_USED_EVERY).isBefore(clock.instant())) {
            identities.markUsed(key.key().id());
        }
        return key;
    }

    /**
     * The token of "Bearer &lt;token&gt;" (scheme case-insensitive, any whitespace between), or null
     * when the header has another form. Same rules as the regex split it replaces, without the regex.
     */
    static String bearerToken(String header) {
        String h = header.strip();
        int space = 0;
        while (space < h.length() && !Character.isWhitespace(h.charAt(space))) {
            space++;
        }
        if (space == h.length() || !h.substring(0, space).equalsIgnoreCase("Bearer")) {
            return null;
        }
        String token = h.substring(space).strip();
        return token.isEmpty() ? null : token;
    }

    private static ApiException unauthenticated(String detail) {
        return new ApiException(ApiException.Kind.UNAUTHENTICATED, ErrorCode.AUTHENTICATION_REQUIRED, detail);
    }
}
