-- PostgreSQL form of src/db/migrations/002-tools.sql: toolkits, tools, functions and their attachment to servers.
-- Pre-built toolkits and their tools are data in the binary (src/catalog), not rows: server_toolkits.toolkit_id
-- and server_tools.tool_id may name them, so those two columns carry no foreign key and triggers clean up instead.
CREATE TABLE toolkits (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  display_name TEXT,
  description TEXT,
  toolkit_type TEXT NOT NULL DEFAULT 'hosted' CHECK (toolkit_type = 'hosted'),
  status TEXT NOT NULL DEFAULT 'active',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, name)
);

CREATE TABLE tools (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  toolkit_id TEXT NOT NULL REFERENCES toolkits(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  title TEXT,
  description TEXT,
  function_name TEXT NOT NULL,
  input_schema TEXT NOT NULL,
  output_schema TEXT,
  annotations TEXT,
  credential_provider TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (toolkit_id, name)
);
CREATE INDEX tools_project ON tools(project_id, id);

CREATE TABLE functions (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  runtime TEXT NOT NULL CHECK (runtime IN ('javascript', 'http')),
  code TEXT,
  http TEXT,
  memory_mb INTEGER NOT NULL DEFAULT 64,
  timeout_ms INTEGER NOT NULL DEFAULT 10000,
  description TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, name)
);

-- position keeps attach order; credentials is a JSON map provider → credential id.
CREATE TABLE server_toolkits (
  server_id TEXT NOT NULL REFERENCES servers(id) ON DELETE CASCADE,
  toolkit_id TEXT NOT NULL,
  credentials TEXT NOT NULL DEFAULT '{}',
  position INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (server_id, toolkit_id)
);
CREATE INDEX server_toolkits_toolkit ON server_toolkits(toolkit_id);

-- source: 'added' (single tool added), 'removed' (taken off although its toolkit is attached),
-- 'override' (settings only for a tool that comes from an attached toolkit).
CREATE TABLE server_tools (
  server_id TEXT NOT NULL REFERENCES servers(id) ON DELETE CASCADE,
  tool_id TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('added', 'removed', 'override')),
  credential_id TEXT,
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  created_at TEXT NOT NULL,
  PRIMARY KEY (server_id, tool_id)
);
CREATE INDEX server_tools_tool ON server_tools(tool_id);

-- Deleting a toolkit detaches it everywhere; deleting a tool (directly or by its toolkit's cascade) drops its server rows.
CREATE FUNCTION toolkits_detach() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM server_toolkits WHERE toolkit_id = OLD.id;
  RETURN OLD;
END;
$$;
CREATE TRIGGER toolkits_detach BEFORE DELETE ON toolkits FOR EACH ROW EXECUTE FUNCTION toolkits_detach();

CREATE FUNCTION tools_detach() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM server_tools WHERE tool_id = OLD.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER tools_detach AFTER DELETE ON tools FOR EACH ROW EXECUTE FUNCTION tools_detach();

CREATE TRIGGER change_notify_toolkits AFTER INSERT OR UPDATE OR DELETE ON toolkits
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_notify_change('tools');
CREATE TRIGGER change_notify_tools AFTER INSERT OR UPDATE OR DELETE ON tools
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_notify_change('tools');
CREATE TRIGGER change_notify_server_toolkits AFTER INSERT OR UPDATE OR DELETE ON server_toolkits
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_notify_change('tools');
CREATE TRIGGER change_notify_server_tools AFTER INSERT OR UPDATE OR DELETE ON server_tools
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_notify_change('tools');
CREATE TRIGGER change_notify_functions AFTER INSERT OR UPDATE OR DELETE ON functions
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_notify_change('functions');
