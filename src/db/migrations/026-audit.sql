-- The audit trail (docs/decisions/0350-audit-log.md): one hash chain per project, append-only. Each entry carries the
-- hash of the one before it; `audit_heads` holds the chain's last sequence number and hash (appends lock it, so the
-- chain stays one chain) and the checkpoint left by pruning (the last pruned entry's sequence number and hash).
CREATE TABLE audit_entries (
  project_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  id TEXT NOT NULL,
  at TEXT NOT NULL,
  -- JSON text: who (key id, user id, admin token, dashboard member, CLI).
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  resource TEXT NOT NULL,
  resource_id TEXT,
  -- JSON text: what (field names, a tool call's outcome, duration and argument hash); never a secret value.
  detail TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL,
  PRIMARY KEY (project_id, seq)
) STRICT;
CREATE INDEX audit_entries_at ON audit_entries(project_id, at);
CREATE TABLE audit_heads (
  project_id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL,
  hash TEXT NOT NULL,
  pruned_seq INTEGER NOT NULL DEFAULT 0,
  pruned_hash TEXT NOT NULL DEFAULT ''
) STRICT;
-- What a server's tool-call audit entries keep of the arguments: none (only their hash), redacted or full.
ALTER TABLE servers ADD COLUMN log_arguments TEXT NOT NULL DEFAULT 'none' CHECK (log_arguments IN ('none', 'redacted', 'full'));
