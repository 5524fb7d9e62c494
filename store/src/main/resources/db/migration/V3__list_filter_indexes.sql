-- The `name` and `creator` list filters sorted by updated_at (the default sort, RunListSql): with
-- the sort column in the index, PostgreSQL reads the page's rows in order instead of walking
-- runs_team_updated and discarding every newer run that does not match (docs/performance.md, list:
-- 11.6 ms -> 0.17 ms with 20,000 non-matching newer runs). runs_team_agent stays for sort_by=agent;
-- runs_team_creator is a prefix of the new creator index and goes.
CREATE INDEX runs_team_agent_updated   ON runs (team_id, config_name, updated_at, id);
CREATE INDEX runs_team_creator_updated ON runs (team_id, creator_id, updated_at, id);
DROP INDEX runs_team_creator;
