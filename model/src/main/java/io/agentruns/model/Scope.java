package io.agentruns.model;

/** Ownership of a run: {@code User} (personal) or {@code Team}, with the owner's uid. */
public record Scope(String type, String uid) {
}
