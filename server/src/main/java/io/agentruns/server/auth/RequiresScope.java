package io.agentruns.server.auth;

import io.agentruns.core.identity.Scope;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The scope a handler needs; {@link ApiKeyAuthInterceptor} answers 403 {@code not_authorized}
 * without it ({@code admin} implies every scope). On a class it applies to every method without its own.
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface RequiresScope {
    Scope value();
}
