-- Webhooks (issue 6): endpoints per team, an outbox of deliveries written in the same transaction as
-- the run state change they announce (invariant 6), the log of attempts, and the cookie sessions of
-- the session pages in AGENTRUNS_SESSION_PAGES=authenticated mode. Portable H2 2.x / PostgreSQL 15.

CREATE TABLE webhooks (
    id                uuid PRIMARY KEY,
    team_id           uuid NOT NULL REFERENCES teams (id),
    url               varchar NOT NULL,
    description       varchar,
    event_types       varchar NOT NULL,            -- space-separated, e.g. "run.state_changed run.failed"
    enabled           boolean NOT NULL,
    secret_encrypted  varchar NOT NULL,            -- AES-GCM of the whsec_ secret (invariant 8)
    created_at        timestamp with time zone NOT NULL,
    updated_at        timestamp with time zone NOT NULL
);
CREATE INDEX webhooks_team ON webhooks (team_id, created_at, id);

-- One row per (webhook, event): the outbox and the delivery log at once. id is the webhook-id
-- header (msg_<id>), the same on every retry so that receivers can deduplicate.
CREATE TABLE webhook_deliveries (
    id                uuid PRIMARY KEY,
    webhook_id        uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    team_id           uuid NOT NULL,
    run_id            uuid,
    event_type        varchar(60) NOT NULL,
    payload           varchar NOT NULL,            -- the JSON body, fixed at enqueue time
    status            varchar(20) NOT NULL,        -- PENDING | DELIVERED | FAILED
    attempts          integer NOT NULL DEFAULT 0,
    created_at        timestamp with time zone NOT NULL,
    next_attempt_at   timestamp with time zone NOT NULL,
    last_attempt_at   timestamp with time zone,
    delivered_at      timestamp with time zone,
    last_status_code  integer,
    last_error        varchar
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
CREATE INDEX webhook_deliveries_hook ON webhook_deliveries (webhook_id, created_at, id);

CREATE TABLE webhook_delivery_attempts (
    delivery_id   uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempt       integer NOT NULL,
    attempted_at  timestamp with time zone NOT NULL,
    status_code   integer,
    error         varchar,
    duration_ms   bigint NOT NULL,
    PRIMARY KEY (delivery_id, attempt)
);

CREATE TABLE page_sessions (
    token_hash    varchar(128) PRIMARY KEY,        -- SHA-256 hex of the cookie value; the value is never stored
    team_id       uuid NOT NULL REFERENCES teams (id),
    principal_id  uuid NOT NULL REFERENCES principals (id),
    created_at    timestamp with time zone NOT NULL,
    expires_at    timestamp with time zone NOT NULL
);
CREATE INDEX page_sessions_expiry ON page_sessions (expires_at);
