package io.agentruns.model;

import java.time.Instant;
import java.util.List;

/** Bodies of the /api/v1/admin endpoints (teams, users, service accounts, API keys). */
public final class Admin {
    private Admin() {
    }

    public record Team(String uid, String name, Instant createdAt) {
    }

    public record TeamList(List<Team> teams) {
    }

    /** POST /admin/teams: a new team, answered with its first admin service account and key. */
    public record CreateTeamRequest(String name) {
    }

    public record CreatedTeam(Team team, PrincipalItem serviceAccount, KeyItem adminKey) {
    }

    /** A user or service account ({@code type}: {@code user} | {@code service_account}). */
    public record PrincipalItem(String uid, String teamId, String type, String displayName, String photoUrl,
                                Instant createdAt) {
    }

    public record PrincipalList(List<PrincipalItem> principals) {
    }

    public record CreatePrincipalRequest(String displayName, String photoUrl) {
    }

    /**
     * An API key; {@code prefix} is the visible start of the key. {@code key}, the secret itself, is
     * present only in the answer of POST /admin/keys (and POST /admin/teams): it is shown once.
     */
    public record KeyItem(String uid, String name, String prefix, String principalId, String teamId,
                          List<String> scopes, Instant createdAt, Instant expiresAt, Instant revokedAt,
                          Instant lastUsedAt, String key) {
    }

    public record KeyList(List<KeyItem> keys) {
    }

    /** POST /admin/keys; without {@code principal_id} the key belongs to the caller's principal. */
    public record CreateKeyRequest(String name, String principalId, List<String> scopes, Instant expiresAt) {
    }
}
