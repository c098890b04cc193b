-- When this installation first carried each pre-built tool (docs/decisions/0111-one-name-one-tool.md): a release whose
-- catalog adds a tool named like one already on a server must not take the name from it, so a pre-built tool counts
-- as on a server from the later of its toolkit's attachment and this stamp. Tools known before this migration count
-- as always there.
ALTER TABLE catalog_tools ADD COLUMN first_seen_at TEXT NOT NULL DEFAULT '1970-01-01T00:00:00.000Z';
