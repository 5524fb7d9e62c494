package io.agentruns.server.runs;

import io.agentruns.core.error.ApiException;
import io.agentruns.core.run.RunQuery;
import io.agentruns.core.run.RunSource;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * Turns the query parameters of GET /agent/runs into a {@link RunQuery} (wire contract: "GET
 * /agent/runs query parameters"). Unknown parameters are ignored; known ones are validated and a
 * bad value is 400 naming the parameter. Guarded by {@code BadInputTest} and {@code RunsApiTest}.
 */
@Component
public class RunQueryParser {
    /** Every state name a client may know; the store matches only those it serves. */
    static final Set<String> STATES = Set.of("QUEUED", "PENDING", "CLAIMED", "INPROGRESS", "SUCCEEDED", "FAILED",
            "CANCELLED", "BLOCKED", "ERROR");
    private static final Pattern ARTIFACT_TYPE = Pattern.compile("[A-Z][A-Z_]{0,63}");
    private static final int MAX_VALUE = 512;

    public RunQuery parse(Map<String, String[]> params) {
        RunQuery.Builder q = RunQuery.builder();
        String[] states = params.get("state");
        if (states != null) {
            Set<String> wanted = new LinkedHashSet<>();
            for (String value : states) {
                for (String s : value.split(",")) {
                    String state = s.strip().toUpperCase(Locale.ROOT);
                    if (!STATES.contains(state)) {
                        throw ApiException.invalid("state: unknown run state '" + clip(s) + "'");
                    }
                    wanted.add(state);
                }
            }
            q.states(wanted);
        }
        q.configName(alias(params, "name", "config_name"));
        q.modelId(single(params, "model_id"));
        q.creatorId(single(params, "creator"));
        String source = single(params, "source");
        if (source != null) {
            try {
                q.source(RunSource.valueOf(source.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw ApiException.invalid("source: unknown source '" + clip(source) + "' (one of "
                        + Arrays.toString(RunSource.values()) + ")");
            }
        }
        q.environmentId(single(params, "environment_id"));
        q.skillSpec(alias(params, "skill_spec", "skill"));
        q.scheduleId(single(params, "schedule_id"));
        String artifactType = single(params, "artifact_type");
        if (artifactType != null && !ARTIFACT_TYPE.matcher(artifactType).matches()) {
            throw ApiException.invalid("artifact_type: must be an artifact type such as PLAN or PULL_REQUEST");
        }
        q.artifactType(artifactType);
        q.createdAfter(timestamp(params, "created_after"));
        q.createdBefore(timestamp(params, "created_before"));
        q.updatedAfter(timestamp(params, "updated_after"));
        q.q(single(params, "q"));
        String sortBy = single(params, "sort_by");
        if (sortBy != null) {
            q.sortBy(RunQuery.SortBy.fromWireName(sortBy));
        }
        String sortOrder = single(params, "sort_order");
        if (sortOrder != null) {
            q.sortOrder(RunQuery.SortOrder.fromWireName(sortOrder));
        }
        String limit = single(params, "limit");
        if (limit != null) {
            q.limit(limit(limit));
        }
        q.cursor(single(params, "cursor"));
        return q.build();
    }

    private static int limit(String value) {
        try {
            int limit = Integer.parseInt(value.strip());
            if (limit >= 1 && limit <= RunQuery.MAX_LIMIT) {
                return limit;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw ApiException.invalid("limit: must be an integer between 1 and " + RunQuery.MAX_LIMIT);
    }

    private static Instant timestamp(Map<String, String[]> params, String name) {
        String value = single(params, name);
        if (value == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(value.strip()).toInstant();
        } catch (DateTimeParseException e) {
            throw ApiException.invalid(name + ": must be an RFC 3339 timestamp such as 2026-11-22T10:15:30Z");
        }
    }

    /** Two names for one filter: either may be given; both with different values is an error. */
    private static String alias(Map<String, String[]> params, String name, String other) {
        String a = single(params, name);
        String b = single(params, other);
        if (a != null && b != null && !a.equals(b)) {
            throw ApiException.invalid(name + " and " + other + " name the same filter but differ");
        }
        return a != null ? a : b;
    }

    /** A single-valued parameter; empty means absent, a repeat is an error. */
    private static String single(Map<String, String[]> params, String name) {
        String[] values = params.get(name);
        if (values == null || values.length == 0) {
            return null;
        }
        if (values.length > 1) {
            throw ApiException.invalid(name + ": given more than once");
        }
        String v = values[0];
        if (v.length() > MAX_VALUE) {
            throw ApiException.invalid(name + ": must be at most " + MAX_VALUE + " characters");
        }
        if (v.indexOf('\u0000') >= 0) {
            throw ApiException.invalid(name + ": must not contain NUL characters");
        }
        return v.isEmpty() ? null : v;
    }

    private static String clip(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}
