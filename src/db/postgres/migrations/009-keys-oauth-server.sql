-- PostgreSQL form of src/db/migrations/009-keys-oauth-server.sql: key roles (admin | mcp, optionally limited to
-- servers) and Toolyard's own OAuth 2.1 authorization server.
ALTER TABLE api_keys ADD COLUMN role TEXT NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'mcp'));
-- JSON array of server ids; NULL = every server of the project.
ALTER TABLE api_keys ADD COLUMN server_ids TEXT;

CREATE TABLE oauth_clients (
  client_id TEXT PRIMARY KEY,
  client_name TEXT,
  redirect_uris TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE oauth_grants (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  server_id TEXT NOT NULL REFERENCES servers(id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  client_name TEXT,
  resource TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
CREATE INDEX oauth_grants_project ON oauth_grants(project_id, created_at);

-- Authorization codes and refresh tokens: only their SHA-256 hash is stored; both are single-use.
CREATE TABLE oauth_codes (
  hash TEXT PRIMARY KEY,
  grant_id TEXT NOT NULL REFERENCES oauth_grants(id) ON DELETE CASCADE,
  redirect_uri TEXT NOT NULL,
  code_challenge TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);

CREATE TABLE oauth_refresh_tokens (
  hash TEXT PRIMARY KEY,
  grant_id TEXT NOT NULL REFERENCES oauth_grants(id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX oauth_refresh_grant ON oauth_refresh_tokens(grant_id);
