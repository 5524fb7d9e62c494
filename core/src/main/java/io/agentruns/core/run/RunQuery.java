package io.agentruns.core.run;

import java.time.Instant;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The filters, sort and page of GET /agent/runs. Null means "no filter". {@code states} holds wire
 * names; names the store does not know (PENDING, CLAIMED, ...) simply match nothing.
 * {@code creatorId} is the creator's uid as sent (a non-UUID matches nothing).
 * {@code cursor} is only valid with the same filters and sort that produced it.
 */
public record RunQuery(Set<String> states, String configName, String modelId, String creatorId, RunSource source,
                       String environmentId, String skillSpec, String scheduleId, String artifactType,
                       Instant createdAfter, Instant createdBefore, Instant updatedAfter, String q,
                       SortBy sortBy, SortOrder sortOrder, int limit, String cursor) {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;

    public RunQuery {
        states = states == null ? Set.of() : Set.copyOf(new TreeSet<>(states));
        sortBy = sortBy == null ? SortBy.UPDATED_AT : sortBy;
        sortOrder = sortOrder == null ? SortOrder.DESC : sortOrder;
        if (limit < 1 || limit > MAX_LIMIT) {
            throw io.agentruns.core.error.ApiException.invalid("limit must be between 1 and " + MAX_LIMIT);
        }
    }

    /** No filters, default sort, default limit. */
    public static RunQuery all() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.states = states; b.configName = configName; b.modelId = modelId; b.creatorId = creatorId;
        b.source = source; b.environmentId = environmentId; b.skillSpec = skillSpec; b.scheduleId = scheduleId;
        b.artifactType = artifactType; b.createdAfter = createdAfter; b.createdBefore = createdBefore;
        b.updatedAfter = updatedAfter; b.q = q; b.sortBy = sortBy; b.sortOrder = sortOrder; b.limit = limit;
        b.cursor = cursor;
        return b;
    }

    /** The same query for the page after {@code nextCursor}. */
    public RunQuery withCursor(String nextCursor) {
        return toBuilder().cursor(nextCursor).build();
    }

    /** sort_by of the wire contract; {@code AGENT} sorts by the config name. */
    public enum SortBy {
        UPDATED_AT("updated_at"), CREATED_AT("created_at"), TITLE("title"), AGENT("agent");

        private final String wireName;

        SortBy(String wireName) {
            this.wireName = wireName;
        }

        public String wireName() {
            return wireName;
        }

        /** @throws io.agentruns.core.error.ApiException 400 for an unknown name */
        public static SortBy fromWireName(String name) {
            for (SortBy s : values()) {
                if (s.wireName.equals(name)) {
                    return s;
                }
            }
            throw io.agentruns.core.error.ApiException.invalid(
                    "sort_by must be one of updated_at, created_at, title, agent");
        }
    }

    public enum SortOrder {
        ASC, DESC;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** @throws io.agentruns.core.error.ApiException 400 for an unknown name */
        public static SortOrder fromWireName(String name) {
            for (SortOrder s : values()) {
                if (s.wireName().equals(name)) {
                    return s;
                }
            }
            throw io.agentruns.core.error.ApiException.invalid("sort_order must be asc or desc");
        }
    }

    /** Fluent construction; every field optional. */
    public static final class Builder {
        private Set<String> states;
        private String configName;
        private String modelId;
        private String creatorId;
        private RunSource source;
        private String environmentId;
        private String skillSpec;
        private String scheduleId;
        private String artifactType;
        private Instant createdAfter;
        private Instant createdBefore;
        private Instant updatedAfter;
        private String q;
        private SortBy sortBy;
        private SortOrder sortOrder;
        private int limit = DEFAULT_LIMIT;
        private String cursor;

        public Builder states(Set<String> v) { states = v; return this; }
        public Builder configName(String v) { configName = v; return this; }
        public Builder modelId(String v) { modelId = v; return this; }
        public Builder creatorId(String v) { creatorId = v; return this; }
        public Builder source(RunSource v) { source = v; return this; }
        public Builder environmentId(String v) { environmentId = v; return this; }
        public Builder skillSpec(String v) { skillSpec = v; return this; }
        public Builder scheduleId(String v) { scheduleId = v; return this; }
        public Builder artifactType(String v) { artifactType = v; return this; }
        public Builder createdAfter(Instant v) { createdAfter = v; return this; }
        public Builder createdBefore(Instant v) { createdBefore = v; return this; }
        public Builder updatedAfter(Instant v) { updatedAfter = v; return this; }
        public Builder q(String v) { q = v; return this; }
        public Builder sortBy(SortBy v) { sortBy = v; return this; }
        public Builder sortOrder(SortOrder v) { sortOrder = v; return this; }
        public Builder limit(int v) { limit = v; return this; }
        public Builder cursor(String v) { cursor = v; return this; }

        public RunQuery build() {
            return new RunQuery(states, configName, modelId, creatorId, source, environmentId, skillSpec,
                    scheduleId, artifactType, createdAfter, createdBefore, updatedAfter, q, sortBy, sortOrder,
                    limit, cursor);
        }
    }
}
