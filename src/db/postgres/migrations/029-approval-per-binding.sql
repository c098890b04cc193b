-- PostgreSQL form of src/db/migrations/028-approval-per-binding.sql: one open approval request per binding, so two
-- instances parking the same call at once make one (INSERT … ON CONFLICT DO NOTHING, then SELECT).
ALTER TABLE approvals ADD COLUMN open_binding TEXT;
CREATE UNIQUE INDEX approvals_open_binding ON approvals (open_binding);
