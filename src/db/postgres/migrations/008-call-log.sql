-- PostgreSQL form of src/db/migrations/008-call-log.sql: one row per tool call, resource read and prompt get (never
-- arguments, results or secrets).
CREATE TABLE call_log (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  -- Kept when the server is deleted: the history stays readable.
  server_id TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('tool', 'resource', 'prompt')),
  name TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('ok', 'error', 'timeout', 'denied', 'rate_limited')),
  duration_ms BIGINT NOT NULL,
  error TEXT,
  request_id TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX call_log_project ON call_log(project_id, id DESC);
CREATE INDEX call_log_created ON call_log(created_at);
