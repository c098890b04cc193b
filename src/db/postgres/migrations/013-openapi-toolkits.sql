-- PostgreSQL form of src/db/migrations/013-openapi-toolkits.sql: the document an OpenAPI toolkit was imported from
-- with its import settings, and each tool's call plan. Both go with their toolkit or tool.
CREATE TABLE openapi_toolkits (
  toolkit_id TEXT PRIMARY KEY REFERENCES toolkits(id) ON DELETE CASCADE,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  document TEXT NOT NULL,
  settings TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE openapi_operations (
  tool_id TEXT PRIMARY KEY REFERENCES tools(id) ON DELETE CASCADE,
  toolkit_id TEXT NOT NULL REFERENCES toolkits(id) ON DELETE CASCADE,
  operation TEXT NOT NULL
);
CREATE INDEX openapi_operations_toolkit ON openapi_operations (toolkit_id);
