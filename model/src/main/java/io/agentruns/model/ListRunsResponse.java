package io.agentruns.model;

import java.util.List;

/** One page of GET /agent/runs. */
public record ListRunsResponse(List<RunItem> runs, PageInfo pageInfo) {
}
