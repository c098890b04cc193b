-- PostgreSQL form of src/db/migrations/012-remote-toolkits.sql: the upstream of a `remote` toolkit and its sync
-- status. Headers here are the non-secret ones.
CREATE TABLE remote_toolkits (
  toolkit_id TEXT PRIMARY KEY REFERENCES toolkits(id) ON DELETE CASCADE,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  transport TEXT NOT NULL,
  headers TEXT NOT NULL DEFAULT '{}',
  auth TEXT NOT NULL DEFAULT '{"type":"none"}',
  prefix TEXT NOT NULL DEFAULT '',
  refresh_interval_s BIGINT NOT NULL DEFAULT 300,
  timeout_ms BIGINT NOT NULL DEFAULT 60000,
  last_sync_at TEXT,
  last_error TEXT,
  server_info TEXT,
  protocol_version TEXT
);
CREATE INDEX remote_toolkits_project ON remote_toolkits(project_id);
