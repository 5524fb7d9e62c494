package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.util.Map;

/** The creator of a run: {@code type} is {@code user} or {@code service_account}. */
public record UserProfile(String uid, String displayName, String type, String photoUrl,
                          @JsonAnySetter @JsonAnyGetter Map<String, Object> extra) {
    public UserProfile {
        extra = Extras.of(extra);
    }
}
