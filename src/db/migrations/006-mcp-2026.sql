-- MCP 2026-07-28: client capabilities a tool needs (JSON object, checked before a 2026-07-28 call runs), and prompts
-- rendered by a function (which may ask the client for input, like a tool).
ALTER TABLE tools ADD COLUMN required_client_capabilities TEXT;
ALTER TABLE prompts ADD COLUMN function_name TEXT;
