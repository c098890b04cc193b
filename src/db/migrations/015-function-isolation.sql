-- Warm JavaScript (docs/functions.md, "Warm JavaScript"): a function may ask for a fresh context every call.
-- 'warm' (the default) lets later calls of one version in one project, with one credential, reuse its evaluated
-- module; 'per_call' does not. Which values are allowed is the API's to say (docs/decisions/0027-open-kinds.md).
ALTER TABLE functions ADD COLUMN isolation TEXT NOT NULL DEFAULT 'warm';
