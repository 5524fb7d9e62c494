package io.agentruns.model;

/** The creator of a run; {@code type} is {@code user} or {@code service_account}. */
public record UserProfile(String uid, String displayName, String type, String photoUrl) {
}
