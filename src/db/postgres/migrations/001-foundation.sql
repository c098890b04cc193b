-- PostgreSQL form of src/db/migrations/001-foundation.sql: same tables, columns, constraints and indexes (row shapes
-- match SQLite's: timestamps and JSON as TEXT, flags as INTEGER 0/1). Projects own everything.
CREATE TABLE projects (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  expires_at TEXT,
  revoked_at TEXT,
  last_used_at TEXT
);
CREATE INDEX api_keys_project ON api_keys(project_id);

CREATE TABLE servers (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  display_name TEXT,
  description TEXT,
  auth TEXT NOT NULL DEFAULT 'api_key' CHECK (auth IN ('api_key', 'none')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX servers_project ON servers(project_id, id);

-- The change feed: SQLite counts changes per read-model area in a table its triggers bump
-- (src/db/change-counters.ts); here every statement that changes an area's table sends NOTIFY toolyard_changes with
-- the area as payload. PostgreSQL delivers it at commit (never for a rollback) to every instance that LISTENs, and
-- folds repeats within one transaction into one. The area is the trigger's argument.
CREATE FUNCTION toolyard_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('toolyard_changes', TG_ARGV[0]);
  RETURN NULL;
END;
$$;
CREATE TRIGGER change_notify_api_keys AFTER INSERT OR UPDATE OR DELETE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_notify_change('keys');
CREATE TRIGGER change_notify_servers AFTER INSERT OR UPDATE OR DELETE ON servers
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_notify_change('servers');
