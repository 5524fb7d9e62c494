package io.agentruns.model;

/**
 * Every non-2xx body (RFC 9457 problem+json). {@code error} repeats title and detail for older
 * clients; {@code error_code} is stable; {@code retryable} says whether the same request may succeed later.
 */
public record Problem(String type, String title, int status, String detail, String instance, String error,
                      String errorCode, boolean retryable, String traceId) {

    public static final String MEDIA_TYPE = "application/problem+json";
}
