-- One approval request per binding while it is open (docs/decisions/0393-one-approval-per-binding.md): `open_binding`
-- is the SHA-256 of the binding (project, server, tool, caller, arguments' digest, policy and its version) while the
-- request may still let a call run, NULL once denied, used, or retired after expiring. Unique: two instances parking
-- the same call at once insert one row; the other's INSERT … ON CONFLICT DO NOTHING finds it.
ALTER TABLE approvals ADD COLUMN open_binding TEXT;
CREATE UNIQUE INDEX approvals_open_binding ON approvals (open_binding);
