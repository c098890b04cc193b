-- The call log written for less (docs/decisions/0410-postgres-writers-one-statement-a-batch.md): every index and check
-- a row carries is work the server does for every call. Two go, as SQLite's compact call log (its migration 030) has
-- neither:
-- - The foreign key to projects checked each row with a query and a lock of its own. The batch insert already keeps
--   only rows whose project exists, holding those projects FOR KEY SHARE until the rows are in
--   (src/modules/calls/repository.ts); what the key's ON DELETE CASCADE did, a trigger does: a project's calls go with
--   it.
-- - The index on created_at served only the retention job's delete. A row's id is a UUIDv7 of its own time, so the
--   job deletes by id range on the primary key instead.
ALTER TABLE call_log DROP CONSTRAINT call_log_project_id_fkey;
DROP INDEX call_log_created;

CREATE FUNCTION call_log_project_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM call_log WHERE project_id = OLD.id;
  RETURN OLD;
END
$$;
CREATE TRIGGER call_log_project_deleted AFTER DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION call_log_project_deleted();
