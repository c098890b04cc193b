-- MCP sessions of 2025 clients across instances (docs/decisions/0042-mcp-sessions-across-instances.md). This table is
-- PostgreSQL's (src/db/postgres/migrations/016-mcp-sessions.sql); SQLite mode never uses it — one process holds its
-- sessions in memory — but both schemas keep the same version numbers and tables, so it exists here too.
CREATE TABLE mcp_sessions (
  ref TEXT PRIMARY KEY,
  log_level TEXT NOT NULL DEFAULT 'info',
  subscriptions TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  last_seen_ms INTEGER NOT NULL,
  ended_at TEXT
) STRICT;
CREATE INDEX mcp_sessions_last_seen ON mcp_sessions (last_seen_ms);
