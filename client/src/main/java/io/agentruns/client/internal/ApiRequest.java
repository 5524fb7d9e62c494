package io.agentruns.client.internal;

import io.agentruns.client.types.QueryParams;

/**
 * One logical API call. {@code create} marks calls that make a resource: they carry an
 * {@code Idempotency-Key} that stays the same across their retries.
 */
public record ApiRequest(String method, String path, QueryParams query, Object body, boolean create) {
    public static ApiRequest get(String path, QueryParams query) {
        return new ApiRequest("GET", path, query, null, false);
    }

    public static ApiRequest get(String path) {
        return get(path, null);
    }

    public static ApiRequest create(String path, Object body) {
        return new ApiRequest("POST", path, null, body, true);
    }

    public static ApiRequest post(String path, Object body) {
        return new ApiRequest("POST", path, null, body, false);
    }

    public static ApiRequest put(String path, Object body) {
        return new ApiRequest("PUT", path, null, body, false);
    }

    public static ApiRequest delete(String path) {
        return new ApiRequest("DELETE", path, null, null, false);
    }
}
