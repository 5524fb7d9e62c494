package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.util.List;
import java.util.Map;

/** {@code {"environments": [...]}}. */
public record ListEnvironmentsResponse(List<CloudEnvironment> environments,
                                       @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public ListEnvironmentsResponse {
        environments = environments == null ? List.of() : environments;
        extra = Extras.of(extra);
    }
}
