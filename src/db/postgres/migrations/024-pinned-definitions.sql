-- PostgreSQL form of src/db/migrations/023-pinned-definitions.sql: whether a remote or OpenAPI toolkit reviews its
-- upstream's changes, and the changes held for review (docs/decisions/0347-pinned-definitions.md).
CREATE TABLE IF NOT EXISTS toolkit_reviews (
  toolkit_id TEXT PRIMARY KEY REFERENCES toolkits(id) ON DELETE CASCADE,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  review_changes INTEGER NOT NULL CHECK (review_changes IN (0, 1))
);

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
);
CREATE INDEX IF NOT EXISTS toolkit_changes_toolkit ON toolkit_changes (toolkit_id, status, tool_name);
