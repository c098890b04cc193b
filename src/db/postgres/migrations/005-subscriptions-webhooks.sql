-- PostgreSQL form of src/db/migrations/005-subscriptions-webhooks.sql: subscriptions (project-wide or one resource
-- uri), the webhook outbox (one row per event × subscription) and the log of delivery attempts.
CREATE TABLE subscriptions (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  -- The API key that created it (audit only: subscriptions belong to the project, not to the key).
  key_id TEXT REFERENCES api_keys(id) ON DELETE SET NULL,
  kind TEXT NOT NULL CHECK (kind IN ('project', 'resource')),
  uri TEXT,
  callback_url TEXT NOT NULL,
  -- The Standard Webhooks signing secret (whsec_…), needed again at every delivery.
  secret TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK ((kind = 'project' AND uri IS NULL) OR (kind = 'resource' AND uri IS NOT NULL))
);
CREATE INDEX subscriptions_project ON subscriptions(project_id, kind, uri);

-- The outbox: written in the same transaction as the resource change, so a committed change always has its deliveries.
CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY, -- also the webhook-id header: stable across retries so receivers can de-duplicate
  subscription_id TEXT NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
  event TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  last_status INTEGER,
  last_error TEXT,
  created_at TEXT NOT NULL,
  delivered_at TEXT
);
CREATE INDEX webhook_deliveries_status ON webhook_deliveries(status, next_attempt_at);
CREATE INDEX webhook_deliveries_subscription ON webhook_deliveries(subscription_id, id);

CREATE TABLE webhook_attempts (
  delivery_id TEXT NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  n INTEGER NOT NULL,
  at TEXT NOT NULL,
  status INTEGER,
  error TEXT,
  duration_ms BIGINT NOT NULL,
  PRIMARY KEY (delivery_id, n)
);
