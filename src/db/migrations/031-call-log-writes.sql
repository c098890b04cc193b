-- Nothing to change on SQLite: PostgreSQL's migration 031 drops the call log's foreign key and time index, which
-- SQLite's compact call log (migration 030) has not had since. The version numbers of both engines stay the same.
SELECT 1;
