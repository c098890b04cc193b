-- PostgreSQL form of src/db/migrations/026-local-toolkits.sql: the operator's server a `local` toolkit runs (by name,
-- never a command) and its sync status.
CREATE TABLE local_toolkits (
  toolkit_id TEXT PRIMARY KEY REFERENCES toolkits(id) ON DELETE CASCADE,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  server TEXT NOT NULL,
  auth TEXT NOT NULL DEFAULT '{"type":"none"}',
  prefix TEXT NOT NULL DEFAULT '',
  timeout_ms BIGINT NOT NULL DEFAULT 60000,
  last_sync_at TEXT,
  last_error TEXT,
  server_info TEXT,
  protocol_version TEXT
);
CREATE INDEX local_toolkits_project ON local_toolkits(project_id);
