-- PostgreSQL form of src/db/migrations/006-function-typescript.sql: functions may be written in TypeScript. SQLite
-- rebuilds the table to change its CHECK; PostgreSQL swaps the constraint in place.
ALTER TABLE functions DROP CONSTRAINT functions_runtime_check;
ALTER TABLE functions ADD CONSTRAINT functions_runtime_check CHECK (runtime IN ('javascript', 'typescript', 'http'));
