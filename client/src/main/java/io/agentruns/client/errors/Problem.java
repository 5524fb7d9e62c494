package io.agentruns.client.errors;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The RFC 7807 problem body of an error answer: {@code errorCode} is stable and machine-readable,
 * {@code detail} says what went wrong for a person.
 */
public record Problem(String type, String title, Integer status, String detail, String instance, String error,
                      String errorCode, Boolean retryable, String traceId,
                      @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public Problem {
        extra = extra == null ? new LinkedHashMap<>() : extra;
    }

    /** A problem for an answer whose body was not problem JSON. */
    public static Problem fromText(int status, String text) {
        return new Problem(null, null, status, text, null, null, null, null, null, null);
    }

    /** The most helpful one-line description: detail, else error, else title. */
    public String summary() {
        String s = detail != null && !detail.isBlank() ? detail
                : error != null && !error.isBlank() ? error
                : title;
        return s == null ? "" : s.replaceAll("\\s+", " ").trim();
    }
}
