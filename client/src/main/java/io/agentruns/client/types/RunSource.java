package io.agentruns.client.types;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** Where a run came from ({@code RunSourceType}); unknown values read as {@link #UNKNOWN}. */
public enum RunSource {
    LINEAR, API, SLACK, LOCAL, SCHEDULED_AGENT, WEB_APP, GITHUB_ACTION, CLOUD_MODE, CLI,
    @JsonEnumDefaultValue UNKNOWN
}
