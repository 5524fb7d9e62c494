-- agentruns schema, version 1. Runs unchanged on H2 2.x and PostgreSQL 15: only portable types;
-- long text is plain varchar (H2's TEXT would be a slow CLOB); JSON is stored as text by the store.

CREATE TABLE teams (
    id          uuid PRIMARY KEY,
    name        varchar(200) NOT NULL UNIQUE,
    created_at  timestamp with time zone NOT NULL
);

CREATE TABLE principals (
    id            uuid PRIMARY KEY,
    team_id       uuid NOT NULL REFERENCES teams (id),
    type          varchar(20) NOT NULL,          -- USER | SERVICE_ACCOUNT
    display_name  varchar NOT NULL,
    photo_url     varchar,
    created_at    timestamp with time zone NOT NULL
);
CREATE INDEX principals_team ON principals (team_id, created_at, id);

CREATE TABLE api_keys (
    id            uuid PRIMARY KEY,
    team_id       uuid NOT NULL REFERENCES teams (id),
    principal_id  uuid NOT NULL REFERENCES principals (id),
    prefix        varchar(40) NOT NULL,
    key_hash      varchar(128) NOT NULL UNIQUE,   -- SHA-256 hex of the key; the key itself is never stored
    scopes        varchar(200) NOT NULL,          -- space-separated wire names
    name          varchar,
    created_at    timestamp with time zone NOT NULL,
    expires_at    timestamp with time zone,
    revoked_at    timestamp with time zone,
    last_used_at  timestamp with time zone
);
CREATE INDEX api_keys_team ON api_keys (team_id, created_at, id);

CREATE TABLE environments (
    id                uuid PRIMARY KEY,
    team_id           uuid NOT NULL REFERENCES teams (id),
    name              varchar NOT NULL,
    description       varchar,
    docker_image      varchar,
    repos             varchar NOT NULL,            -- JSON array of {url, branch}
    setup_commands    varchar NOT NULL,            -- JSON array of strings
    is_default        boolean NOT NULL,
    -- team_id when is_default, else NULL: the unique constraint allows one default per team on both
    -- databases (H2 has no partial indexes). Guarded by the store contract test's environment tests.
    default_for_team  uuid UNIQUE,
    created_at        timestamp with time zone NOT NULL,
    updated_at        timestamp with time zone NOT NULL
);
CREATE INDEX environments_team ON environments (team_id, created_at, id);

CREATE TABLE runs (
    id                 uuid PRIMARY KEY,
    team_id            uuid NOT NULL REFERENCES teams (id),
    title              varchar NOT NULL,
    prompt             varchar NOT NULL,
    state              varchar(20) NOT NULL,
    created_at         timestamp with time zone NOT NULL,
    updated_at         timestamp with time zone NOT NULL,
    started_at         timestamp with time zone,
    finished_at        timestamp with time zone,
    session_id         varchar(100) UNIQUE,
    config             varchar NOT NULL,           -- JSON of the resolved AgentConfig (secrets included)
    config_name        varchar NOT NULL,           -- config.name, '' when none (keeps keyset sort NULL-free)
    model_id           varchar,
    environment_id     varchar,
    skill_spec         varchar,
    worker_host        varchar,                    -- pool that runs it; NULL = default pool
    source             varchar(40) NOT NULL,
    creator_id         uuid NOT NULL REFERENCES principals (id),
    team_scoped        boolean NOT NULL,
    parent_run_id      uuid,
    schedule_id        varchar,
    status_message     varchar,
    status_error_code  varchar(60),
    status_retryable   boolean,
    output             varchar,
    input_tokens       bigint NOT NULL DEFAULT 0,
    output_tokens      bigint NOT NULL DEFAULT 0,
    inference_cost     double precision NOT NULL DEFAULT 0,
    compute_cost       double precision NOT NULL DEFAULT 0,
    worker_id          varchar(200),
    lease_expires_at   timestamp with time zone,
    version            bigint NOT NULL DEFAULT 0,
    cancel_requested   boolean NOT NULL DEFAULT FALSE,
    last_event_seq     bigint NOT NULL DEFAULT 0
);
-- Keyset sorts: (team, sort value, id) for each sort_by, walked in both directions.
CREATE INDEX runs_team_updated   ON runs (team_id, updated_at, id);
CREATE INDEX runs_team_created   ON runs (team_id, created_at, id);
CREATE INDEX runs_team_title     ON runs (team_id, title, id);
CREATE INDEX runs_team_agent     ON runs (team_id, config_name, id);
-- Equality filters (combined with the team; the sort then runs over the filtered rows).
CREATE INDEX runs_team_state     ON runs (team_id, state, updated_at, id);
CREATE INDEX runs_team_model     ON runs (team_id, model_id);
CREATE INDEX runs_team_creator   ON runs (team_id, creator_id);
CREATE INDEX runs_team_source    ON runs (team_id, source);
CREATE INDEX runs_team_env       ON runs (team_id, environment_id);
CREATE INDEX runs_team_skill     ON runs (team_id, skill_spec);
CREATE INDEX runs_team_schedule  ON runs (team_id, schedule_id);
-- The queue: oldest QUEUED run of a pool first; the reaper: expired leases of INPROGRESS runs.
CREATE INDEX runs_queue          ON runs (state, worker_host, created_at);
CREATE INDEX runs_lease          ON runs (state, lease_expires_at);

CREATE TABLE run_artifacts (
    run_id         uuid NOT NULL REFERENCES runs (id),
    seq            bigint NOT NULL,
    artifact_type  varchar(60) NOT NULL,
    created_at     timestamp with time zone NOT NULL,
    data           varchar NOT NULL,                -- JSON object
    PRIMARY KEY (run_id, seq)
);
CREATE INDEX run_artifacts_type ON run_artifacts (artifact_type, run_id);

CREATE TABLE run_events (
    run_id      uuid NOT NULL REFERENCES runs (id),
    seq         bigint NOT NULL,                    -- gap-free per run (invariant 5)
    event_type  varchar(40) NOT NULL,
    created_at  timestamp with time zone NOT NULL,
    data        varchar NOT NULL,                   -- JSON object
    PRIMARY KEY (run_id, seq)
);

CREATE TABLE idempotency_keys (
    principal_id  uuid NOT NULL REFERENCES principals (id),
    idem_key      varchar(300) NOT NULL,
    request_hash  varchar(128) NOT NULL,
    run_id        uuid NOT NULL REFERENCES runs (id),
    created_at    timestamp with time zone NOT NULL,
    expires_at    timestamp with time zone NOT NULL,
    PRIMARY KEY (principal_id, idem_key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
