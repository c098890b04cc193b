-- MCP 2026-07-28: client capabilities a tool needs (JSON object, checked before a 2026-07-28 call runs).
ALTER TABLE tools ADD COLUMN required_client_capabilities TEXT;
