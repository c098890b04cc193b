-- What an upstream (a remote toolkit's MCP server) gives a tool besides its schemas: its `_meta` (MCP Apps' `ui`
-- among it) and `icons`, kept as JSON text {"_meta": …, "icons": …} and listed as they came
-- (docs/decisions/0362-mcp-apps-pass-through.md). NULL for a tool without either.
ALTER TABLE tools ADD COLUMN meta TEXT;
