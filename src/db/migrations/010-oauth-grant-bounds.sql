-- OAuth grants record the key that approved them (revoking the key ends the grant); registered clients record the
-- address they came from and when a grant was last approved for them (never-used clients are pruned).
ALTER TABLE oauth_grants ADD COLUMN key_id TEXT;
ALTER TABLE oauth_clients ADD COLUMN registered_from TEXT;
ALTER TABLE oauth_clients ADD COLUMN last_used_at TEXT;
CREATE INDEX oauth_clients_unused ON oauth_clients(last_used_at, created_at);
CREATE INDEX oauth_clients_address ON oauth_clients(registered_from);
CREATE INDEX oauth_grants_key ON oauth_grants(key_id);
