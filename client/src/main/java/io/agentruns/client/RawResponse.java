package io.agentruns.client;

import io.agentruns.client.internal.Json;
import java.net.http.HttpHeaders;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;

/** A 2xx answer of {@link AgentrunsClient#request}: status, headers and the body as text. */
public record RawResponse(int status, HttpHeaders headers, String body) {
    /** The body as a JSON tree (a missing node for an empty body). */
    public JsonNode json() {
        return Json.readTree(body);
    }

    /** The body read as {@code type} with the wire settings. */
    public <T> T as(Class<T> type) {
        return Json.read(body, type);
    }

    /** The body read as a generic {@code type}. */
    public <T> T as(TypeReference<T> type) {
        return Json.read(body, type);
    }
}
