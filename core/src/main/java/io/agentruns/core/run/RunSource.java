package io.agentruns.core.run;

/** Where a run came from (wire: RunSourceType). */
public enum RunSource {
    LINEAR, API, SLACK, LOCAL, SCHEDULED_AGENT, WEB_APP, GITHUB_ACTION, CLOUD_MODE, CLI
}
