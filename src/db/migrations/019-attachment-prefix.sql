-- A toolkit attached to a server may list its tools as `<prefix>_<name>` (docs/decisions/0211-attachment-prefix.md).
-- The prefix in effect is stored with the attachment; '' lists the tools under their own names. Attachments made
-- before this migration get '' explicitly, so a pre-built toolkit attached earlier keeps its tools' names (a new
-- attachment of one gets the toolkit's service name by default).
ALTER TABLE server_toolkits ADD COLUMN prefix TEXT NOT NULL DEFAULT '';
