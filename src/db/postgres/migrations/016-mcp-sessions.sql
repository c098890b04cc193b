-- MCP sessions of 2025 clients across instances (docs/decisions/0042-mcp-sessions-across-instances.md): the part of a
-- session that changes after initialize. Its immutable part is sealed in the Mcp-Session-Id itself; `ref` is the
-- random reference sealed there, never the id. No foreign keys: a session of a deleted server is refused by
-- admission before its row is read, and rows go when pruned (ended, or idle past the expiry).
CREATE TABLE mcp_sessions (
  ref TEXT PRIMARY KEY,
  log_level TEXT NOT NULL DEFAULT 'info',
  -- A JSON array of resource URIs, changed in one UPDATE each (the row lock orders concurrent changes).
  subscriptions TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  -- Milliseconds since the epoch.
  last_seen_ms BIGINT NOT NULL,
  ended_at TEXT
);
CREATE INDEX mcp_sessions_last_seen ON mcp_sessions (last_seen_ms);
