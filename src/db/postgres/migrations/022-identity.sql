-- PostgreSQL form of src/db/migrations/021-identity.sql: a project's OpenID Connect identity provider, the provider
-- accounts (iss + sub) its users signed in with, the user an OAuth grant acts for, and confidential machine clients.
CREATE TABLE identity_providers (
  project_id TEXT PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  issuer TEXT NOT NULL,
  client_id TEXT NOT NULL,
  -- Sealed with the project's data key (src/crypto/seal.ts); never returned.
  client_secret_sealed TEXT NOT NULL,
  -- Space-separated, as OAuth writes them; always includes openid.
  scopes TEXT NOT NULL,
  -- `claim=value` (docs/decisions/0338-dashboard-sign-in-admin-claim.md); NULL = no member signs in this way.
  admin_claim TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE user_identities (
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  issuer TEXT NOT NULL,
  subject TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (project_id, issuer, subject)
);
CREATE INDEX user_identities_user ON user_identities(user_id);

-- The user an OAuth grant acts for (a grant approved through the identity provider): deleting the user deletes the
-- grant, and with it its codes and refresh tokens, so its access tokens stop at once.
ALTER TABLE oauth_grants ADD COLUMN user_id TEXT REFERENCES users(id) ON DELETE CASCADE;
CREATE INDEX oauth_grants_user ON oauth_grants(user_id) WHERE user_id IS NOT NULL;

-- Confidential clients of the client_credentials grant; only the SHA-256 of the secret is kept.
CREATE TABLE oauth_machine_clients (
  client_id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  secret_hash TEXT NOT NULL,
  -- Bound to a user: the client goes with the user.
  user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
  -- JSON array of server ids; NULL = every server of the project.
  server_ids TEXT,
  created_at TEXT NOT NULL,
  last_used_at TEXT
);
CREATE INDEX oauth_machine_clients_project ON oauth_machine_clients(project_id, created_at);
