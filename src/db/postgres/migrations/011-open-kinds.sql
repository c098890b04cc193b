-- PostgreSQL form of src/db/migrations/011-open-kinds.sql: toolkit_type and runtime lose their CHECKs, so a new
-- toolkit kind or function runtime needs no schema change. SQLite rebuilds both tables (and remakes their triggers);
-- PostgreSQL drops the constraints in place, and every trigger stays.
ALTER TABLE toolkits DROP CONSTRAINT toolkits_toolkit_type_check;
ALTER TABLE functions DROP CONSTRAINT functions_runtime_check;
