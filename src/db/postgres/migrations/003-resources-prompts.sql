-- PostgreSQL form of src/db/migrations/003-resources-prompts.sql: resources (read-only data, possibly uri templates)
-- and prompts. Read caches live in memory, not here.
CREATE TABLE resources (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  server_id TEXT NOT NULL REFERENCES servers(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  uri TEXT NOT NULL,
  is_template INTEGER NOT NULL DEFAULT 0 CHECK (is_template IN (0, 1)),
  description TEXT,
  mime_type TEXT NOT NULL DEFAULT 'text/plain',
  resource_type TEXT NOT NULL CHECK (resource_type IN ('database', 'file', 'api', 'static', 'dynamic', 'function')),
  requires_credentials INTEGER NOT NULL DEFAULT 0 CHECK (requires_credentials IN (0, 1)),
  credential_id TEXT,
  cache_ttl_seconds BIGINT NOT NULL DEFAULT 0 CHECK (cache_ttl_seconds >= 0),
  is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  content TEXT,
  blob TEXT,
  path TEXT,
  url TEXT,
  method TEXT,
  headers TEXT,
  database TEXT,
  query TEXT,
  function_name TEXT,
  variables TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, uri)
);
CREATE INDEX resources_server ON resources(server_id, id);
CREATE INDEX resources_project ON resources(project_id, id);

CREATE TABLE prompts (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  -- NULL: the prompt is on every server of the project.
  server_id TEXT REFERENCES servers(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  description TEXT,
  template TEXT,
  messages TEXT,
  arguments TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, name)
);
CREATE INDEX prompts_project ON prompts(project_id, id);

CREATE TRIGGER change_notify_resources AFTER INSERT OR UPDATE OR DELETE ON resources
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_notify_change('resources');
