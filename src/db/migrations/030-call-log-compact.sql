-- The call log at ten million rows (docs/decisions/0380-call-log-at-scale.md): every filter GET /calls offers has an
-- index that starts with the project, and a row costs under 300 bytes with those indexes. Ids repeated in every row
-- and every index (project, server, user) are stored once, in call_log_refs, and rows point at them by a small
-- integer; rows are ordered by their own integer key (`seq`, the order they were logged in), which every index
-- carries for free; the time is kept as milliseconds. `call_log` stays readable and writable as a view of the same
-- columns as before.
CREATE TABLE call_log_refs (
  ref INTEGER PRIMARY KEY,
  value TEXT NOT NULL UNIQUE
) STRICT;

CREATE TABLE call_log_rows (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL,
  project_ref INTEGER NOT NULL,
  -- Kept when the server or user is deleted: the history stays readable.
  server_ref INTEGER,
  user_ref INTEGER,
  kind TEXT NOT NULL CHECK (kind IN ('tool', 'resource', 'prompt')),
  name TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('ok', 'error', 'timeout', 'denied', 'rate_limited')),
  duration_ms INTEGER NOT NULL,
  error TEXT,
  request_id TEXT NOT NULL,
  created_ms INTEGER NOT NULL
) STRICT;

INSERT OR IGNORE INTO call_log_refs (value)
  SELECT project_id FROM call_log
  UNION SELECT server_id FROM call_log WHERE server_id IS NOT NULL
  UNION SELECT user_id FROM call_log WHERE user_id IS NOT NULL;

INSERT INTO call_log_rows
  (id, project_ref, server_ref, user_ref, kind, name, outcome, duration_ms, error, request_id, created_ms)
  SELECT c.id, p.ref, s.ref, u.ref, c.kind, c.name, c.outcome, c.duration_ms, c.error, c.request_id,
    -- A time that does not parse becomes the epoch: kept, and the retention job's first to go.
    coalesce(CAST(round((julianday(c.created_at) - 2440587.5) * 86400000) AS INTEGER), 0)
  FROM call_log c
  JOIN call_log_refs p ON p.value = c.project_id
  LEFT JOIN call_log_refs s ON s.value = c.server_id
  LEFT JOIN call_log_refs u ON u.value = c.user_id
  ORDER BY c.id;

DROP TABLE call_log;

-- Each index ends, implicitly, in `seq`: a page newest first walks one of them backwards and reads only its rows.
-- Ascending: rows arrive in `seq` order, so pages fill up (a descending index fills its pages half).
CREATE INDEX call_log_rows_project ON call_log_rows(project_ref);
CREATE INDEX call_log_rows_server ON call_log_rows(project_ref, server_ref);
CREATE INDEX call_log_rows_user ON call_log_rows(project_ref, user_ref) WHERE user_ref IS NOT NULL;
CREATE INDEX call_log_rows_name ON call_log_rows(project_ref, name);
CREATE INDEX call_log_rows_outcome ON call_log_rows(project_ref, outcome);
-- The retention job's delete.
CREATE INDEX call_log_rows_created ON call_log_rows(created_ms);

CREATE VIEW call_log AS
  SELECT c.id, p.value AS project_id, s.value AS server_id, c.kind, c.name, c.outcome, c.duration_ms, c.error,
    c.request_id, strftime('%Y-%m-%dT%H:%M:%fZ', c.created_ms / 1000.0, 'unixepoch') AS created_at, u.value AS user_id
  FROM call_log_rows c
  JOIN call_log_refs p ON p.ref = c.project_ref
  LEFT JOIN call_log_refs s ON s.ref = c.server_ref
  LEFT JOIN call_log_refs u ON u.ref = c.user_ref;

CREATE TRIGGER call_log_insert INSTEAD OF INSERT ON call_log
BEGIN
  INSERT OR IGNORE INTO call_log_refs (value)
    SELECT NEW.project_id UNION SELECT NEW.server_id WHERE NEW.server_id IS NOT NULL
    UNION SELECT NEW.user_id WHERE NEW.user_id IS NOT NULL;
  INSERT INTO call_log_rows
    (id, project_ref, server_ref, user_ref, kind, name, outcome, duration_ms, error, request_id, created_ms)
  VALUES (
    NEW.id,
    (SELECT ref FROM call_log_refs WHERE value = NEW.project_id),
    (SELECT ref FROM call_log_refs WHERE value = NEW.server_id),
    (SELECT ref FROM call_log_refs WHERE value = NEW.user_id),
    NEW.kind, NEW.name, NEW.outcome, NEW.duration_ms, NEW.error, NEW.request_id,
    coalesce(CAST(round((julianday(NEW.created_at) - 2440587.5) * 86400000) AS INTEGER), 0)
  );
END;

-- What the foreign key to projects did: a project's calls go with it.
CREATE TRIGGER call_log_project_deleted AFTER DELETE ON projects
BEGIN
  DELETE FROM call_log_rows WHERE project_ref = (SELECT ref FROM call_log_refs WHERE value = OLD.id);
END;
