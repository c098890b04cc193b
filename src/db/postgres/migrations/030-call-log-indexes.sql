-- The call log at ten million rows (docs/decisions/0380-call-log-at-scale.md): every filter GET /calls offers has an
-- index that starts with the project and ends in the id, so a page newest first reads only the rows it returns.
CREATE INDEX call_log_server ON call_log(project_id, server_id, id DESC);
CREATE INDEX call_log_name ON call_log(project_id, name, id DESC);
CREATE INDEX call_log_outcome ON call_log(project_id, outcome, id DESC);
