package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.util.Map;

/** Who may see a run: {@code type} {@code User} or {@code Team}, with that owner's {@code uid}. */
public record RunScope(String type, String uid, @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public RunScope {
        extra = Extras.of(extra);
    }
}
