-- The call log: one row per tool call, resource read and prompt get (never arguments, results or secrets).
-- Written in batches off the request path; rows older than TOOLYARD_CALL_LOG_DAYS are deleted by a job.
CREATE TABLE call_log (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  -- Kept when the server is deleted: the history stays readable.
  server_id TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('tool', 'resource', 'prompt')),
  name TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('ok', 'error', 'timeout', 'denied', 'rate_limited')),
  duration_ms INTEGER NOT NULL,
  error TEXT,
  request_id TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX call_log_project ON call_log(project_id, id DESC);
CREATE INDEX call_log_created ON call_log(created_at);
