package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.util.Map;

/** Position in a listing: {@code nextCursor} is absent on the last page. */
public record PageInfo(boolean hasNextPage, String nextCursor,
                       @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public PageInfo {
        extra = Extras.of(extra);
    }
}
