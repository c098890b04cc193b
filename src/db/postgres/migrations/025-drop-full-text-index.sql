-- Tool search ranks each server's tools in memory (docs/decisions/0059-tool-search-ranked-in-memory.md): the weighted
-- tsvector table and the triggers that kept it in every tool write's transaction go, as on SQLite. The catalog copy
-- (catalog_tools) stays: it records when this installation first carried each pre-built tool.
DROP TRIGGER IF EXISTS tool_search_tools_insert_delete ON tools;
DROP TRIGGER IF EXISTS tool_search_tools_update ON tools;
DROP TRIGGER IF EXISTS tool_search_toolkits_rename ON toolkits;
DROP TRIGGER IF EXISTS tool_search_catalog ON catalog_tools;
DROP FUNCTION IF EXISTS tool_search_tools();
DROP FUNCTION IF EXISTS tool_search_toolkits();
DROP FUNCTION IF EXISTS tool_search_catalog();
DROP FUNCTION IF EXISTS tool_search_params(TEXT);
DROP FUNCTION IF EXISTS tool_search_camel_split(TEXT);
DROP TABLE IF EXISTS tool_search;
