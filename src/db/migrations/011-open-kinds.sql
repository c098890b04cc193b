-- toolyard: foreign_keys off
-- Open kinds (docs/decisions/0027-open-kinds.md): toolkit_type and runtime lose their CHECKs, so a new toolkit kind or
-- function runtime needs no schema change; which values are allowed is the API's to say. SQLite cannot drop a CHECK,
-- so both tables are rebuilt. The runner turns foreign keys off for this migration (the marker above): dropping
-- toolkits with them on would cascade into tools. Triggers on the old tables go with them: toolkits_detach is made
-- again here; the change-counter triggers are put back at every start (src/read-model/change-counters.ts).
CREATE TABLE toolkits_new (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  display_name TEXT,
  description TEXT,
  toolkit_type TEXT NOT NULL DEFAULT 'hosted',
  status TEXT NOT NULL DEFAULT 'active',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, name)
) STRICT;
INSERT INTO toolkits_new (id, project_id, name, display_name, description, toolkit_type, status, created_at, updated_at)
  SELECT id, project_id, name, display_name, description, toolkit_type, status, created_at, updated_at FROM toolkits;
DROP TABLE toolkits;
ALTER TABLE toolkits_new RENAME TO toolkits;
CREATE TRIGGER toolkits_detach BEFORE DELETE ON toolkits BEGIN
  DELETE FROM server_toolkits WHERE toolkit_id = old.id;
END;

-- No foreign key points at functions (tools and resources name them by function_name).
CREATE TABLE functions_new (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  runtime TEXT NOT NULL,
  code TEXT,
  http TEXT,
  memory_mb INTEGER NOT NULL DEFAULT 64,
  timeout_ms INTEGER NOT NULL DEFAULT 10000,
  description TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, name)
) STRICT;
INSERT INTO functions_new (id, project_id, name, runtime, code, http, memory_mb, timeout_ms, description, created_at, updated_at)
  SELECT id, project_id, name, runtime, code, http, memory_mb, timeout_ms, description, created_at, updated_at FROM functions;
DROP TABLE functions;
ALTER TABLE functions_new RENAME TO functions;
