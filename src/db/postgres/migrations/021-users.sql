-- PostgreSQL form of src/db/migrations/020-users.sql: end users of a project (docs/decisions/0330-users.md), the
-- columns that name one, and connect links.
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  external_id TEXT NOT NULL,
  name TEXT,
  email TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, external_id)
);
CREATE INDEX users_project ON users(project_id, id);

-- A user token is an mcp key bound to a user: deleting the user deletes its keys, so they stop authenticating.
ALTER TABLE api_keys ADD COLUMN user_id TEXT REFERENCES users(id) ON DELETE CASCADE;
CREATE INDEX api_keys_user ON api_keys(user_id) WHERE user_id IS NOT NULL;
-- A credential owned by a user is used only for that user's calls; it goes with the user.
ALTER TABLE credentials ADD COLUMN user_id TEXT REFERENCES users(id) ON DELETE CASCADE;
CREATE INDEX credentials_user ON credentials(user_id, provider_id) WHERE user_id IS NOT NULL;
-- An OAuth flow started for a user stores its credential for that user.
ALTER TABLE oauth_flows ADD COLUMN user_id TEXT;
-- Whose credential a call through this attachment uses (docs/decisions/0333-credential-mode.md).
ALTER TABLE server_toolkits ADD COLUMN credential_mode TEXT NOT NULL DEFAULT 'shared'
  CHECK (credential_mode IN ('shared', 'per_user', 'per_user_then_shared'));
-- The user a call was made for (kept when the user is deleted: the history stays readable).
ALTER TABLE call_log ADD COLUMN user_id TEXT;
CREATE INDEX call_log_user ON call_log(project_id, user_id, id DESC) WHERE user_id IS NOT NULL;

-- Connect links (docs/decisions/0334-connect-links.md): single use, short-lived; the token is kept only as its hash.
CREATE TABLE connect_links (
  token_hash TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider_id TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX connect_links_expiry ON connect_links(expires_at);
