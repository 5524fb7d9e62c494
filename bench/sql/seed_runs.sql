-- Seeds :n finished runs for bench/run.sh phase 5 (psql variables: n, template = an existing run id).
-- Half of them belong to the template run's team (the bench team, which the list queries read), the
-- rest to 4 other teams, so that every query has to pick its team's rows out of a shared table.
-- Each team has 10 creators; 50 config names (agent-0..agent-49) plus a rare one (nightly-audit, 1 in
-- 10,000 runs: a filter whose matches are few and far apart); 90 days of history, one run every
-- 90 days / n; states (pseudo-random) 90% SUCCEEDED, 5% FAILED, 5% CANCELLED. Rows are copies of the template run
-- (jsonb_populate_record keeps every column the migrations define, including ones added later)
-- with the varying columns replaced. Ids are UUIDv7-like (time-ordered), as the service makes them.
\set ON_ERROR_STOP on
SET synchronous_commit = off;
SET maintenance_work_mem = '256MB';

CREATE TEMP TABLE seed_teams AS
SELECT 0 AS idx, team_id AS id FROM runs WHERE id = :'template';
INSERT INTO teams (id, name, created_at)
SELECT gen_random_uuid(), 'bench-seed-team-' || g || '-' || md5(random()::text), now() - interval '100 days'
FROM generate_series(1, 4) g;
INSERT INTO seed_teams
SELECT row_number() OVER (ORDER BY name), id FROM teams WHERE name LIKE 'bench-seed-team-%';

CREATE TEMP TABLE seed_creators AS
SELECT t.idx AS team_idx, g AS idx, gen_random_uuid() AS id FROM seed_teams t, generate_series(0, 9) g;
INSERT INTO principals (id, team_id, type, display_name, photo_url, created_at)
SELECT c.id, t.id, 'USER', CASE WHEN t.idx = 0 THEN 'bench user ' || c.idx ELSE 'seed user ' || c.idx END,
       NULL, now() - interval '100 days'
FROM seed_creators c JOIN seed_teams t ON t.idx = c.team_idx;

-- Bulk load: the secondary indexes of runs (whatever the migrations created) are dropped and rebuilt
-- afterwards from their saved definitions -- a sorted build is ~3x faster than 1M x 15 index inserts.
CREATE TEMP TABLE saved_indexes AS
SELECT i.indexname, i.indexdef FROM pg_indexes i
WHERE i.schemaname = current_schema() AND i.tablename = 'runs'
  AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname);
DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT indexname FROM saved_indexes LOOP EXECUTE format('DROP INDEX %I', r.indexname); END LOOP;
END $$;

WITH arrays AS (
    SELECT (SELECT array_agg(id ORDER BY idx) FROM seed_teams) AS teams,
           (SELECT array_agg(id ORDER BY team_idx, idx) FROM seed_creators) AS creators
), rows AS (
    SELECT g AS i, g / 8 AS j, abs(hashint4(g / 8)) AS h,
           CASE WHEN g % 8 < 4 THEN 0 ELSE g % 8 - 3 END AS team_idx,
           date_trunc('milliseconds', now() - interval '90 days' * (1 - g::float8 / :n)) AS created,
           CASE WHEN (g / 8) % 10000 = 0 THEN 'nightly-audit' ELSE 'agent-' || ((g / 8) % 50) END AS name
    FROM generate_series(1, :n) g
)
INSERT INTO runs
SELECT p.*
FROM rows r CROSS JOIN arrays a CROSS JOIN runs t
CROSS JOIN LATERAL jsonb_populate_record(t, jsonb_build_object(
    'id', (lpad(to_hex((extract(epoch FROM r.created) * 1000)::bigint), 12, '0') || '7'
           || substr(md5(r.i::text), 1, 3) || '8' || substr(md5(r.i::text), 4, 15))::uuid,
    'team_id', a.teams[r.team_idx + 1],
    'creator_id', a.creators[r.team_idx * 10 + (r.j / 50) % 10 + 1],
    'title', 'Fix flaky test #' || r.i || ' in ' || r.name,
    'prompt', 'Find why test #' || r.i || ' fails intermittently, fix it and open a pull request.',
    'state', CASE WHEN r.h % 20 = 0 THEN 'FAILED' WHEN r.h % 20 = 1 THEN 'CANCELLED' ELSE 'SUCCEEDED' END,
    'created_at', r.created,
    'started_at', r.created + interval '40 milliseconds',
    'updated_at', r.created + interval '1 second' * (30 + r.i % 600),
    'finished_at', r.created + interval '1 second' * (30 + r.i % 600),
    'session_id', 'seed-' || r.i || '-' || md5(r.i::text),
    'config', replace(t.config, '"bench-create"', '"' || r.name || '"'),
    'config_name', r.name,
    'model_id', CASE WHEN r.h % 3 = 0 THEN 'claude-sonnet-4' ELSE 'gpt-5' END,
    'source', CASE WHEN (r.h / 20) % 10 = 0 THEN 'CLI' WHEN (r.h / 20) % 10 = 1 THEN 'SCHEDULED_AGENT' ELSE 'API' END,
    'worker_host', NULL, 'worker_id', NULL, 'lease_expires_at', NULL,
    'status_message', CASE WHEN r.h % 20 = 0 THEN 'The agent stopped: tests still fail' END,
    'status_error_code', CASE WHEN r.h % 20 = 0 THEN 'internal_error' END,
    'status_retryable', CASE WHEN r.h % 20 = 0 THEN false END,
    'output', CASE WHEN r.h % 20 > 1 THEN 'Fixed the race in the test setup; PR opened.' END,
    'input_tokens', 1000 + r.i % 5000, 'output_tokens', 200 + r.i % 800,
    'inference_cost', 0.01 * (r.i % 7), 'compute_cost', 0.001 * (r.i % 11),
    'version', 3, 'cancel_requested', false, 'last_event_seq', 0)) p
WHERE t.id = :'template';

DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT indexdef FROM saved_indexes LOOP EXECUTE r.indexdef; END LOOP;
END $$;

VACUUM (ANALYZE) runs;
VACUUM (ANALYZE) principals;
-- Write the bulk load out now, not during the measurements.
CHECKPOINT;
