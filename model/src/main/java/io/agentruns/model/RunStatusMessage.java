package io.agentruns.model;

/** Why a run is in its state; always present on FAILED. */
public record RunStatusMessage(String message, String errorCode, Boolean retryable) {
}
