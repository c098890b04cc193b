-- PostgreSQL form of src/db/migrations/010-oauth-grant-bounds.sql: grants record the key that approved them;
-- registered clients record the address they came from and when a grant was last approved for them.
ALTER TABLE oauth_grants ADD COLUMN key_id TEXT;
ALTER TABLE oauth_clients ADD COLUMN registered_from TEXT;
ALTER TABLE oauth_clients ADD COLUMN last_used_at TEXT;
CREATE INDEX oauth_clients_unused ON oauth_clients(last_used_at, created_at);
CREATE INDEX oauth_clients_address ON oauth_clients(registered_from);
CREATE INDEX oauth_grants_key ON oauth_grants(key_id);
