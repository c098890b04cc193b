-- Finding tools on big servers (docs/decisions/0034-tool-search.md).
-- tool_discovery: the server's discovery settings as JSON text ({mode, threshold?, pinned?}); NULL = {mode: "off"}.
ALTER TABLE servers ADD COLUMN tool_discovery TEXT;

-- Pre-built tools are data in the binary, not rows; a copy of what the index needs is kept here, brought up to date at
-- start (src/modules/tools/search/catalog-sync.ts), so one index and one BM25 scale cover them and the project's tools.
CREATE TABLE catalog_tools (
  id TEXT PRIMARY KEY,
  toolkit TEXT NOT NULL,
  name TEXT NOT NULL,
  title TEXT,
  description TEXT,
  input_schema TEXT NOT NULL
) STRICT;

-- The full-text index: one row per tool (rowid = tools.rowid; a catalog tool's is -catalog_tools.rowid), kept by
-- triggers in the transaction of every change (src/db/tool-search-index.ts puts them in place at every start).
-- Porter stemming over unicode61 (which already splits at "_", "-", "."); camelCase is split by the triggers.
CREATE VIRTUAL TABLE tool_search USING fts5(
  tool_id UNINDEXED,
  project_id UNINDEXED,
  name,
  title,
  description,
  params,
  toolkit,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
