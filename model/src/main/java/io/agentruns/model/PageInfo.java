package io.agentruns.model;

/** Where the next page starts; {@code next_cursor} is absent on the last page. */
public record PageInfo(boolean hasNextPage, String nextCursor) {
}
