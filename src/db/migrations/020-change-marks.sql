-- Change notifications per project (docs/decisions/0057-invalidation-per-project.md) need nothing here on SQLite: the
-- change counters' `change_marks` table and its triggers are put in place at every start with the counters
-- (src/db/change-counters.ts), outside the migrations. PostgreSQL's 020 changes its notifying triggers; this one keeps
-- the two engines' schema versions in step.
SELECT 1;
