-- Tool search ranks each server's tools in memory (docs/decisions/0059-tool-search-ranked-in-memory.md): the full-text
-- index and the triggers that kept it in every tool write's transaction go. The catalog copy (catalog_tools) stays:
-- it records when this installation first carried each pre-built tool.
DROP TRIGGER IF EXISTS tool_search_v1_tools_insert;
DROP TRIGGER IF EXISTS tool_search_v1_tools_delete;
DROP TRIGGER IF EXISTS tool_search_v1_tools_update;
DROP TRIGGER IF EXISTS tool_search_v1_toolkits_rename;
DROP TRIGGER IF EXISTS tool_search_v1_catalog_insert;
DROP TRIGGER IF EXISTS tool_search_v1_catalog_delete;
DROP TABLE IF EXISTS tool_search;
