package io.agentruns.core.identity;

import java.util.Set;

/** An active key found by its hash, with who holds it and in which team. */
public record AuthenticatedKey(ApiKeyRecord key, Principal principal, Team team) {
    public Set<Scope> scopes() {
        return key.scopes();
    }

    public boolean has(Scope scope) {
        return key.scopes().contains(scope) || key.scopes().contains(Scope.ADMIN);
    }
}
