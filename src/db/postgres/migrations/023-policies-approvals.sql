-- What a caller may do (docs/decisions/0340-policies.md): a project's policies, and the approval requests that a
-- policy with effect "approve" parks a call on (docs/decisions/0342-approvals.md).
CREATE TABLE IF NOT EXISTS policies (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  effect TEXT NOT NULL CHECK (effect IN ('allow', 'deny', 'approve')),
  priority INTEGER NOT NULL,
  match_json TEXT NOT NULL,
  when_expr TEXT,
  reason TEXT,
  approval_wait_s INTEGER NOT NULL,
  version INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, name)
);

CREATE TABLE IF NOT EXISTS approvals (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  server_id TEXT NOT NULL,
  server_slug TEXT NOT NULL,
  tool TEXT NOT NULL,
  principal TEXT NOT NULL,
  key_id TEXT,
  user_id TEXT,
  args TEXT NOT NULL,
  args_digest TEXT NOT NULL,
  policy_id TEXT NOT NULL,
  policy_name TEXT NOT NULL,
  policy_version INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'denied')),
  note TEXT,
  decided_by TEXT,
  link_hash TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  decided_at TEXT,
  used_at TEXT
);
CREATE INDEX IF NOT EXISTS approvals_project_created ON approvals(project_id, created_at);
CREATE INDEX IF NOT EXISTS approvals_binding ON approvals(project_id, server_id, tool, args_digest);
-- The read model holds each project's policies (src/modules/policies/policy-index.ts): every instance drops them at a
-- commit that touches them.
CREATE TRIGGER change_notify_policies AFTER INSERT OR UPDATE OR DELETE ON policies
  FOR EACH ROW EXECUTE FUNCTION toolyard_notify_row_change('policies', 'own');
