-- PostgreSQL form of src/db/migrations/007-mcp-2026.sql: client capabilities a tool needs (JSON object), whether a
-- call of it may become a task, and prompts rendered by a function.
ALTER TABLE tools ADD COLUMN required_client_capabilities TEXT;
ALTER TABLE tools ADD COLUMN task_support TEXT NOT NULL DEFAULT 'forbidden'
  CHECK (task_support IN ('forbidden', 'optional', 'required'));
ALTER TABLE prompts ADD COLUMN function_name TEXT;
