package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.util.List;
import java.util.Map;

/** One page of runs and where the next page starts. */
public record ListRunsResponse(List<RunItem> runs, PageInfo pageInfo,
                               @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public ListRunsResponse {
        runs = runs == null ? List.of() : runs;
        extra = Extras.of(extra);
    }

    /** The cursor of the next page, or null on the last page. */
    public String nextCursor() {
        return pageInfo == null || !pageInfo.hasNextPage() ? null : pageInfo.nextCursor();
    }
}
