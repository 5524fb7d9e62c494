package io.agentruns.core.identity;

/** Who holds an API key: a person or a program. */
public enum PrincipalType {
    USER, SERVICE_ACCOUNT
}
