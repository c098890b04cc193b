-- 2026-07-28 tasks across instances (docs/decisions/0047-tasks-across-instances.md): what another instance needs to
-- answer tasks/get, tasks/update and tasks/cancel for a task it does not run. The instance running it writes each
-- change; once `ended_at_ms` is set the row no longer changes (a cancellation made elsewhere wins over a result that
-- commits after it). JSON columns are text. No foreign keys: `owner` is `principal|server id`, checked on every read,
-- and rows go when the running instance lets the task go, or when pruned (ended past the ttl, or orphaned).
CREATE TABLE mcp_tasks (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_updated_at TEXT NOT NULL,
  -- Milliseconds since the epoch: when it was created, and when it ended (NULL while it runs).
  created_ms BIGINT NOT NULL,
  ended_at_ms BIGINT,
  result TEXT,
  error TEXT,
  input_requests TEXT
);
CREATE INDEX mcp_tasks_created ON mcp_tasks (created_ms);
