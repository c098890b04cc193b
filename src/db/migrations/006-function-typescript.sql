-- Functions may be written in TypeScript (runtime 'typescript'): SQLite cannot change a CHECK, so the table is rebuilt.
-- No foreign key points at functions (tools and resources name them by function_name), so the swap is safe.
CREATE TABLE functions_new (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  runtime TEXT NOT NULL CHECK (runtime IN ('javascript', 'typescript', 'http')),
  code TEXT,
  http TEXT,
  memory_mb INTEGER NOT NULL DEFAULT 64,
  timeout_ms INTEGER NOT NULL DEFAULT 10000,
  description TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, name)
) STRICT;
INSERT INTO functions_new SELECT id, project_id, name, runtime, code, http, memory_mb, timeout_ms, description, created_at, updated_at FROM functions;
DROP TABLE functions;
ALTER TABLE functions_new RENAME TO functions;
