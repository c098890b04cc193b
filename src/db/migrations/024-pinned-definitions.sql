-- Pinned definitions (docs/decisions/0347-pinned-definitions.md): whether a remote or OpenAPI toolkit serves only
-- approved tool definitions, and the changes its upstream or a re-import proposed, pending until a person decides.
-- A toolkit without a row here does not review (every toolkit made before this migration: nothing changes for it).
-- IF NOT EXISTS: a test that takes a data dir back to an older schema version runs this again over its tables.
CREATE TABLE IF NOT EXISTS toolkit_reviews (
  toolkit_id TEXT PRIMARY KEY REFERENCES toolkits(id) ON DELETE CASCADE,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  review_changes INTEGER NOT NULL CHECK (review_changes IN (0, 1))
) STRICT;

-- One proposed definition of one tool. `old_definition` is the approved one (JSON text; null for a new tool),
-- `new_definition` the proposal with what serving it needs (an OpenAPI operation's call plan); `digest` is the SHA-256
-- of `new_definition`, so the same proposal is not held twice and a rejected one is not held again.
CREATE TABLE IF NOT EXISTS toolkit_changes (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  toolkit_id TEXT NOT NULL REFERENCES toolkits(id) ON DELETE CASCADE,
  tool_id TEXT,
  tool_name TEXT NOT NULL,
  kind TEXT NOT NULL,
  old_definition TEXT,
  new_definition TEXT NOT NULL,
  digest TEXT NOT NULL,
  flags TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL,
  created_at TEXT NOT NULL,
  decided_at TEXT,
  decided_by TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS toolkit_changes_toolkit ON toolkit_changes (toolkit_id, status, tool_name);
