package io.agentruns.core.run;

import io.agentruns.core.error.ApiException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Objects;
import java.util.UUID;

/**
 * The keyset position of a run listing (invariant 9): the sort value and run id of the last run of
 * a page, plus a digest of the filters and sort that produced it. Opaque to clients (base64url).
 * For time sorts {@code sortValue} is epoch milliseconds; for title/agent the text itself.
 * The position is the value read when the page was served: a run whose updated_at changes later
 * may move past the cursor (guarded for inserts by the store contract test's paging tests).
 */
public record RunCursor(String filterDigest, UUID runId, String sortValue) {
    private static final String VERSION = "1";

    public RunCursor {
        Objects.requireNonNull(filterDigest, "filterDigest");
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(sortValue, "sortValue");
    }

    public String encode() {
        String raw = VERSION + "|" + filterDigest + "|" + runId + "|" + sortValue;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Decodes a cursor and checks that it belongs to {@code query}'s filters and sort.
     *
     * @throws ApiException 400 invalid_request when malformed or issued for another query
     */
    public static RunCursor decodeFor(String encoded, RunQuery query) {
        RunCursor cursor = decode(encoded);
        if (!cursor.filterDigest.equals(digestOf(query))) {
            throw ApiException.invalid("cursor was issued for other filters or another sort");
        }
        return cursor;
    }

    static RunCursor decode(String encoded) {
        try {
            String raw = new String(Base64.getUrlDecoder().decode(encoded), StandardCharsets.UTF_8);
            String[] parts = raw.split("\\|", 4);
            if (parts.length != 4 || !parts[0].equals(VERSION)) {
                throw ApiException.invalid("cursor is malformed");
            }
            return new RunCursor(parts[1], UUID.fromString(parts[2]), parts[3]);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid("cursor is malformed");
        }
    }

    /** A digest of everything in the query that decides which runs it lists and in what order. */
    public static String digestOf(RunQuery q) {
        StringBuilder canonical = new StringBuilder();
        field(canonical, "states", String.join(",", new java.util.TreeSet<>(q.states())));
        field(canonical, "config_name", q.configName());
        field(canonical, "model_id", q.modelId());
        field(canonical, "creator", q.creatorId());
        field(canonical, "source", q.source() == null ? null : q.source().name());
        field(canonical, "environment_id", q.environmentId());
        field(canonical, "skill_spec", q.skillSpec());
        field(canonical, "schedule_id", q.scheduleId());
        field(canonical, "artifact_type", q.artifactType());
        field(canonical, "created_after", q.createdAfter() == null ? null : String.valueOf(q.createdAfter().toEpochMilli()));
        field(canonical, "created_before", q.createdBefore() == null ? null : String.valueOf(q.createdBefore().toEpochMilli()));
        field(canonical, "updated_after", q.updatedAfter() == null ? null : String.valueOf(q.updatedAfter().toEpochMilli()));
        field(canonical, "q", q.q());
        field(canonical, "sort_by", q.sortBy().wireName());
        field(canonical, "sort_order", q.sortOrder().wireName());
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(canonical.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    // Length-prefixed so that no two different queries share a canonical form.
    private static void field(StringBuilder out, String name, String value) {
        out.append(name).append('=');
        if (value == null) {
            out.append("-;");
        } else {
            out.append(value.length()).append(':').append(value).append(';');
        }
    }
}
