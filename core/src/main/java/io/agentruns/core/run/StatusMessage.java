package io.agentruns.core.run;

import io.agentruns.core.error.ErrorCode;
import java.util.Objects;

/** Why a run ended as it did; always present on FAILED. */
public record StatusMessage(String message, ErrorCode errorCode, boolean retryable) {
    public StatusMessage {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(errorCode, "errorCode");
    }
}
