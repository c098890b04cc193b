-- MCP 2026-07-28: client capabilities a tool needs (JSON object, checked before a 2026-07-28 call runs), and prompts
-- rendered by a function (which may ask the client for input, like a tool).
ALTER TABLE tools ADD COLUMN required_client_capabilities TEXT;
-- Whether a 2026-07-28 client that offers the tasks extension gets a task for a call of this tool.
ALTER TABLE tools ADD COLUMN task_support TEXT NOT NULL DEFAULT 'forbidden'
  CHECK (task_support IN ('forbidden', 'optional', 'required'));
ALTER TABLE prompts ADD COLUMN function_name TEXT;
