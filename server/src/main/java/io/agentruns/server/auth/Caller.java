package io.agentruns.server.auth;

import io.agentruns.core.identity.AuthenticatedKey;
import io.agentruns.core.identity.Principal;
import io.agentruns.core.identity.Scope;
import java.util.UUID;

/** Who is calling: the principal and team behind the request's API key. Controllers take it as a parameter. */
public record Caller(AuthenticatedKey key) {

    public UUID teamId() {
        return key.team().id();
    }

    public Principal principal() {
        return key.principal();
    }

    public boolean has(Scope scope) {
        return key.has(scope);
    }
}
