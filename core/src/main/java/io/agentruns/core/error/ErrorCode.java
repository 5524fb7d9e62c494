package io.agentruns.core.error;

/** Stable machine-readable error codes of the wire contract; also used in run status messages. */
public enum ErrorCode {
    INSUFFICIENT_CREDITS,
    FEATURE_NOT_AVAILABLE,
    EXTERNAL_AUTHENTICATION_REQUIRED,
    NOT_AUTHORIZED,
    INVALID_REQUEST,
    RESOURCE_NOT_FOUND,
    BUDGET_EXCEEDED,
    INTEGRATION_DISABLED,
    INTEGRATION_NOT_CONFIGURED,
    OPERATION_NOT_SUPPORTED,
    ENVIRONMENT_SETUP_FAILED,
    CONTENT_POLICY_VIOLATION,
    CONFLICT,
    AUTHENTICATION_REQUIRED,
    RESOURCE_UNAVAILABLE,
    INTERNAL_ERROR;

    /** The wire spelling, e.g. {@code resource_not_found}. */
    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public static ErrorCode fromWireName(String value) {
        return valueOf(value.toUpperCase(java.util.Locale.ROOT));
    }
}
