-- 2026-07-28 tasks across instances (docs/decisions/0047-tasks-across-instances.md). This table is PostgreSQL's
-- (src/db/postgres/migrations/017-mcp-tasks.sql); SQLite mode never uses it — one process holds its tasks in memory —
-- but both schemas keep the same version numbers and tables, so it exists here too.
CREATE TABLE mcp_tasks (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_updated_at TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  ended_at_ms INTEGER,
  result TEXT,
  error TEXT,
  input_requests TEXT
) STRICT;
CREATE INDEX mcp_tasks_created ON mcp_tasks (created_ms);
