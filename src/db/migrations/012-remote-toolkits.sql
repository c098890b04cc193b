-- Remote MCP toolkits (docs/decisions/0033-remote-mcp-toolkits.md): the upstream of a `remote` toolkit and its sync
-- status. Its tools are ordinary tool rows (function_name = the upstream tool name). Headers here are the non-secret
-- ones; a credential is named by provider and mapped on each server, never stored here.
CREATE TABLE remote_toolkits (
  toolkit_id TEXT PRIMARY KEY REFERENCES toolkits(id) ON DELETE CASCADE,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  transport TEXT NOT NULL,
  headers TEXT NOT NULL DEFAULT '{}',
  auth TEXT NOT NULL DEFAULT '{"type":"none"}',
  prefix TEXT NOT NULL DEFAULT '',
  refresh_interval_s INTEGER NOT NULL DEFAULT 300,
  timeout_ms INTEGER NOT NULL DEFAULT 60000,
  last_sync_at TEXT,
  last_error TEXT,
  server_info TEXT,
  protocol_version TEXT
) STRICT;
CREATE INDEX remote_toolkits_project ON remote_toolkits(project_id);
