-- OpenAPI toolkits (docs/decisions/0035-openapi-toolkits-and-the-catalog.md): the document a toolkit was imported from
-- with its import settings, and each tool's call plan (method, path, parameters by style, body, security schemes).
-- Both go with their toolkit or tool.
CREATE TABLE openapi_toolkits (
  toolkit_id TEXT PRIMARY KEY REFERENCES toolkits(id) ON DELETE CASCADE,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  document TEXT NOT NULL,
  settings TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

CREATE TABLE openapi_operations (
  tool_id TEXT PRIMARY KEY REFERENCES tools(id) ON DELETE CASCADE,
  toolkit_id TEXT NOT NULL REFERENCES toolkits(id) ON DELETE CASCADE,
  operation TEXT NOT NULL
) STRICT;
CREATE INDEX openapi_operations_toolkit ON openapi_operations (toolkit_id);
