package io.agentruns.client.types;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Filters, sort and page position of {@code GET /agent/runs}. All optional; build with {@link #builder()}.
 * A cursor is only valid with the filters and sort that produced it; the auto-paginating methods carry it
 * for you.
 */
public final class ListRunsParams {
    private final List<RunState> states;
    private final String name;
    private final String configName;
    private final String modelId;
    private final String creator;
    private final RunSource source;
    private final String environmentId;
    private final String skillSpec;
    private final String scheduleId;
    private final String artifactType;
    private final Instant createdAfter;
    private final Instant createdBefore;
    private final Instant updatedAfter;
    private final String q;
    private final String sortBy;
    private final String sortOrder;
    private final Integer limit;
    private final String cursor;

    private ListRunsParams(Builder b) {
        this.states = List.copyOf(b.states);
        this.name = b.name;
        this.configName = b.configName;
        this.modelId = b.modelId;
        this.creator = b.creator;
        this.source = b.source;
        this.environmentId = b.environmentId;
        this.skillSpec = b.skillSpec;
        this.scheduleId = b.scheduleId;
        this.artifactType = b.artifactType;
        this.createdAfter = b.createdAfter;
        this.createdBefore = b.createdBefore;
        this.updatedAfter = b.updatedAfter;
        this.q = b.q;
        this.sortBy = b.sortBy;
        this.sortOrder = b.sortOrder;
        this.limit = b.limit;
        this.cursor = b.cursor;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** No filter: every run the caller can see, newest update first. */
    public static ListRunsParams none() {
        return builder().build();
    }

    /** A builder holding these parameters, to change some of them. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.states.addAll(states);
        b.name = name;
        b.configName = configName;
        b.modelId = modelId;
        b.creator = creator;
        b.source = source;
        b.environmentId = environmentId;
        b.skillSpec = skillSpec;
        b.scheduleId = scheduleId;
        b.artifactType = artifactType;
        b.createdAfter = createdAfter;
        b.createdBefore = createdBefore;
        b.updatedAfter = updatedAfter;
        b.q = q;
        b.sortBy = sortBy;
        b.sortOrder = sortOrder;
        b.limit = limit;
        b.cursor = cursor;
        return b;
    }

    /** The same filters starting at {@code cursor}. */
    public ListRunsParams withCursor(String cursor) {
        return toBuilder().cursor(cursor).build();
    }

    public String cursor() {
        return cursor;
    }

    public Integer limit() {
        return limit;
    }

    /** The query parameters as the API names them. */
    public QueryParams toQuery() {
        QueryParams p = new QueryParams();
        states.forEach(s -> p.add("state", s.name()));
        p.add("name", name).add("config_name", configName).add("model_id", modelId).add("creator", creator)
                .add("source", source == null ? null : source.name()).add("environment_id", environmentId)
                .add("skill_spec", skillSpec).add("schedule_id", scheduleId).add("artifact_type", artifactType)
                .add("created_after", createdAfter).add("created_before", createdBefore)
                .add("updated_after", updatedAfter).add("q", q).add("sort_by", sortBy)
                .add("sort_order", sortOrder).add("limit", limit).add("cursor", cursor);
        return p;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ListRunsParams other && other.toQuery().entries().equals(toQuery().entries());
    }

    @Override
    public int hashCode() {
        return Objects.hash(toQuery().entries());
    }

    @Override
    public String toString() {
        return "ListRunsParams{" + toQuery().encode() + "}";
    }

    /** Builder of {@link ListRunsParams}. */
    public static final class Builder {
        private final List<RunState> states = new ArrayList<>();
        private String name;
        private String configName;
        private String modelId;
        private String creator;
        private RunSource source;
        private String environmentId;
        private String skillSpec;
        private String scheduleId;
        private String artifactType;
        private Instant createdAfter;
        private Instant createdBefore;
        private Instant updatedAfter;
        private String q;
        private String sortBy;
        private String sortOrder;
        private Integer limit;
        private String cursor;

        /** Adds a state; a run matching any of the states matches. */
        public Builder state(RunState state) { states.add(state); return this; }
        public Builder states(List<RunState> states) { this.states.clear(); this.states.addAll(states); return this; }
        /** The config name. */
        public Builder name(String name) { this.name = name; return this; }
        public Builder configName(String configName) { this.configName = configName; return this; }
        public Builder modelId(String modelId) { this.modelId = modelId; return this; }
        /** A creator uid. */
        public Builder creator(String creator) { this.creator = creator; return this; }
        public Builder source(RunSource source) { this.source = source; return this; }
        public Builder environmentId(String environmentId) { this.environmentId = environmentId; return this; }
        public Builder skillSpec(String skillSpec) { this.skillSpec = skillSpec; return this; }
        public Builder scheduleId(String scheduleId) { this.scheduleId = scheduleId; return this; }
        public Builder artifactType(String artifactType) { this.artifactType = artifactType; return this; }
        public Builder createdAfter(Instant t) { this.createdAfter = t; return this; }
        public Builder createdBefore(Instant t) { this.createdBefore = t; return this; }
        public Builder updatedAfter(Instant t) { this.updatedAfter = t; return this; }
        /** Text search over title, prompt and skill_spec. */
        public Builder q(String q) { this.q = q; return this; }
        /** {@code updated_at} (default), {@code created_at}, {@code title} or {@code agent}. */
        public Builder sortBy(String sortBy) { this.sortBy = sortBy; return this; }
        /** {@code desc} (default) or {@code asc}. */
        public Builder sortOrder(String sortOrder) { this.sortOrder = sortOrder; return this; }
        /** Page size, 1..100 (default 20). */
        public Builder limit(Integer limit) { this.limit = limit; return this; }
        public Builder cursor(String cursor) { this.cursor = cursor; return this; }

        public ListRunsParams build() {
            return new ListRunsParams(this);
        }
    }
}
