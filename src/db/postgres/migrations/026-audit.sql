-- PostgreSQL form of src/db/migrations/024-audit.sql: one hash chain per project; appends lock the project's
-- `audit_heads` row (SELECT … FOR UPDATE), so instances side by side still write one chain.
CREATE TABLE audit_entries (
  project_id TEXT NOT NULL,
  seq BIGINT NOT NULL,
  id TEXT NOT NULL,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  resource TEXT NOT NULL,
  resource_id TEXT,
  detail TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL,
  PRIMARY KEY (project_id, seq)
);
CREATE INDEX audit_entries_at ON audit_entries(project_id, at);
CREATE TABLE audit_heads (
  project_id TEXT PRIMARY KEY,
  seq BIGINT NOT NULL,
  hash TEXT NOT NULL,
  pruned_seq BIGINT NOT NULL DEFAULT 0,
  pruned_hash TEXT NOT NULL DEFAULT ''
);
ALTER TABLE servers ADD COLUMN log_arguments TEXT NOT NULL DEFAULT 'none' CHECK (log_arguments IN ('none', 'redacted', 'full'));
