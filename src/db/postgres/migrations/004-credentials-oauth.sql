-- PostgreSQL form of src/db/migrations/004-credentials-oauth.sql: data keys wrapped by the master key, sealed
-- credentials, project providers, OAuth flows.
CREATE TABLE data_keys (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  master_key_id TEXT NOT NULL,
  wrapped TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX data_keys_project ON data_keys(project_id, id);

CREATE TABLE credentials (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  provider_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('static', 'oauth')),
  data_sealed TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'expired', 'auth_required')),
  scopes TEXT,
  expires_at TEXT,
  has_refresh_token INTEGER NOT NULL DEFAULT 0,
  refresh_failures INTEGER NOT NULL DEFAULT 0,
  refresh_retry_after TEXT,
  last_error TEXT,
  refreshed_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX credentials_project ON credentials(project_id, id);
CREATE INDEX credentials_provider ON credentials(project_id, provider_id);
CREATE INDEX credentials_oauth_expiry ON credentials(expires_at) WHERE kind = 'oauth';

CREATE TABLE providers (
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  auth_type TEXT NOT NULL CHECK (auth_type IN ('oauth', 'api_key', 'basic_auth', 'custom', 'none')),
  authorize_url TEXT,
  token_url TEXT,
  scopes TEXT NOT NULL DEFAULT '[]',
  client_id TEXT,
  client_secret_sealed TEXT,
  base_url TEXT,
  token_auth_method TEXT CHECK (token_auth_method IN ('client_secret_post', 'client_secret_basic')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (project_id, id)
);

CREATE TABLE oauth_flows (
  state TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  provider_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  scopes TEXT NOT NULL,
  code_verifier_sealed TEXT NOT NULL,
  code_sealed TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending', 'code_received', 'active', 'canceled', 'expired', 'failed')),
  credential_id TEXT,
  error TEXT,
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX oauth_flows_project ON oauth_flows(project_id, created_at);
