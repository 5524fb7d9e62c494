package io.agentruns.store.run;

import io.agentruns.core.run.RunCursor;
import io.agentruns.core.run.RunQuery;
import io.agentruns.core.run.RunState;
import io.agentruns.store.SqlTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The list query of GET /agent/runs, assembled from a fixed set of SQL fragments chosen by which
 * filters are present; every value is a bound parameter. Keyset pagination: the cursor's
 * (sort value, id) bounds the next page, never an OFFSET (invariant 9, guarded by
 * {@code StoreContractTest.pagingWhileInsertingNeverRepeatsOrSkips}).
 */
final class RunListSql {
    private final String sql;
    private final Map<String, Object> params;

    private RunListSql(String sql, Map<String, Object> params) {
        this.sql = sql;
        this.params = params;
    }

    String sql() {
        return sql;
    }

    Map<String, Object> params() {
        return params;
    }

    /** The sort column of each sort_by; each has a (team_id, column, id) index. */
    static String sortColumn(RunQuery.SortBy sortBy) {
        return switch (sortBy) {
            case UPDATED_AT -> "r.updated_at";
            case CREATED_AT -> "r.created_at";
            case TITLE -> "r.title";
            case AGENT -> "r.config_name";
        };
    }

    static boolean isTimeSort(RunQuery.SortBy sortBy) {
        return sortBy == RunQuery.SortBy.UPDATED_AT || sortBy == RunQuery.SortBy.CREATED_AT;
    }

    /**
     * The query for one page (fetching limit + 1 rows to tell whether another page follows), or
     * empty when a filter can match nothing (only unknown states, a creator that is not a UUID).
     */
    static Optional<RunListSql> build(UUID teamId, RunQuery q, RunCursor after) {
        List<String> where = new ArrayList<>();
        Map<String, Object> params = new LinkedHashMap<>();
        where.add("r.team_id = :team");
        params.put("team", teamId);
        if (!q.states().isEmpty()) {
            List<String> known = q.states().stream().filter(RunListSql::isKnownState).toList();
            if (known.isEmpty()) {
                return Optional.empty();
            }
            where.add("r.state IN (:states)");
            params.put("states", known);
        }
        equal(where, params, "r.config_name", "configName", q.configName());
        equal(where, params, "r.model_id", "modelId", q.modelId());
        if (q.creatorId() != null) {
            Optional<UUID> creator = parseUuid(q.creatorId());
            if (creator.isEmpty()) {
                return Optional.empty();
            }
            equal(where, params, "r.creator_id", "creator", creator.get());
        }
        equal(where, params, "r.source", "source", q.source() == null ? null : q.source().name());
        equal(where, params, "r.environment_id", "environmentId", q.environmentId());
        equal(where, params, "r.skill_spec", "skillSpec", q.skillSpec());
        equal(where, params, "r.schedule_id", "scheduleId", q.scheduleId());
        if (q.artifactType() != null) {
            where.add("EXISTS (SELECT 1 FROM run_artifacts a WHERE a.run_id = r.id AND a.artifact_type = :artifactType)");
            params.put("artifactType", q.artifactType());
        }
        after(where, params, "r.created_at > :createdAfter", "createdAfter", q.createdAfter());
        after(where, params, "r.created_at < :createdBefore", "createdBefore", q.createdBefore());
        after(where, params, "r.updated_at > :updatedAfter", "updatedAfter", q.updatedAfter());
        if (q.q() != null && !q.q().isBlank()) {
            where.add("(LOWER(r.title) LIKE :q ESCAPE '\\' OR LOWER(r.prompt) LIKE :q ESCAPE '\\'"
                    + " OR LOWER(r.skill_spec) LIKE :q ESCAPE '\\')");
            params.put("q", "%" + escapeLike(q.q().toLowerCase(Locale.ROOT)) + "%");
        }
        String column = sortColumn(q.sortBy());
        boolean desc = q.sortOrder() == RunQuery.SortOrder.DESC;
        if (after != null) {
            String cmp = desc ? "<" : ">";
            // The redundant leading "column <=/>= value" bounds the index range: without it PostgreSQL walks
            // and filters every row before the cursor, so page N costs O(N) (bench/run.sh, list page 500).
            where.add(column + " " + cmp + "= :afterValue AND (" + column + " " + cmp + " :afterValue OR ("
                    + column + " = :afterValue AND r.id " + cmp + " :afterId))");
            params.put("afterValue", cursorValue(q.sortBy(), after.sortValue()));
            params.put("afterId", after.runId());
        }
        String direction = desc ? " DESC" : " ASC";
        String sql = RunRows.SELECT_WITH_HAS_ARTIFACTS + " WHERE " + String.join(" AND ", where)
                + " ORDER BY " + column + direction + ", r.id" + direction
                + " LIMIT :limit";
        params.put("limit", q.limit() + 1);
        return Optional.of(new RunListSql(sql, params));
    }

    private static void equal(List<String> where, Map<String, Object> params, String column, String name, Object value) {
        if (value != null) {
            where.add(column + " = :" + name);
            params.put(name, value);
        }
    }

    private static void after(List<String> where, Map<String, Object> params, String fragment, String name,
                              Instant value) {
        if (value != null) {
            where.add(fragment);
            params.put(name, SqlTime.bind(value));
        }
    }

    private static Object cursorValue(RunQuery.SortBy sortBy, String value) {
        if (!isTimeSort(sortBy)) {
            return value;
        }
        try {
            return SqlTime.bind(Instant.ofEpochMilli(Long.parseLong(value)));
        } catch (NumberFormatException e) {
            throw io.agentruns.core.error.ApiException.invalid("cursor is malformed");
        }
    }

    private static boolean isKnownState(String name) {
        for (RunState s : RunState.values()) {
            if (s.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    private static Optional<UUID> parseUuid(String value) {
        try {
            return Optional.of(UUID.fromString(value));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Makes LIKE's wildcards in user text match literally. */
    static String escapeLike(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
