-- Change notifications name the project (docs/decisions/0057-invalidation-per-project.md): the payload becomes
-- `area:project_id` (an empty project when a row's server went with it), so an instance drops the cached entries of
-- the projects a commit touched, not every tenant's. Row-level triggers: PostgreSQL folds identical payloads within a
-- transaction into one notification, so a thousand tools written in one project still notify once.
CREATE FUNCTION toolyard_notify_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  project TEXT;
BEGIN
  IF TG_ARGV[1] = 'server' THEN
    SELECT project_id INTO project FROM servers
      WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.server_id ELSE NEW.server_id END);
  ELSIF TG_OP = 'DELETE' THEN
    project := OLD.project_id;
  ELSE
    project := NEW.project_id;
  END IF;
  PERFORM pg_notify('toolyard_changes', TG_ARGV[0] || ':' || coalesce(project, ''));
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS change_notify_api_keys ON api_keys;
DROP TRIGGER IF EXISTS change_notify_servers ON servers;
DROP TRIGGER IF EXISTS change_notify_toolkits ON toolkits;
DROP TRIGGER IF EXISTS change_notify_tools ON tools;
DROP TRIGGER IF EXISTS change_notify_server_toolkits ON server_toolkits;
DROP TRIGGER IF EXISTS change_notify_server_tools ON server_tools;
DROP TRIGGER IF EXISTS change_notify_functions ON functions;
DROP TRIGGER IF EXISTS change_notify_resources ON resources;

CREATE TRIGGER change_notify_api_keys AFTER INSERT OR UPDATE OR DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION toolyard_notify_row_change('keys', 'own');
CREATE TRIGGER change_notify_servers AFTER INSERT OR UPDATE OR DELETE ON servers
  FOR EACH ROW EXECUTE FUNCTION toolyard_notify_row_change('servers', 'own');
CREATE TRIGGER change_notify_toolkits AFTER INSERT OR UPDATE OR DELETE ON toolkits
  FOR EACH ROW EXECUTE FUNCTION toolyard_notify_row_change('tools', 'own');
CREATE TRIGGER change_notify_tools AFTER INSERT OR UPDATE OR DELETE ON tools
  FOR EACH ROW EXECUTE FUNCTION toolyard_notify_row_change('tools', 'own');
CREATE TRIGGER change_notify_server_toolkits AFTER INSERT OR UPDATE OR DELETE ON server_toolkits
  FOR EACH ROW EXECUTE FUNCTION toolyard_notify_row_change('tools', 'server');
CREATE TRIGGER change_notify_server_tools AFTER INSERT OR UPDATE OR DELETE ON server_tools
  FOR EACH ROW EXECUTE FUNCTION toolyard_notify_row_change('tools', 'server');
CREATE TRIGGER change_notify_functions AFTER INSERT OR UPDATE OR DELETE ON functions
  FOR EACH ROW EXECUTE FUNCTION toolyard_notify_row_change('functions', 'own');
CREATE TRIGGER change_notify_resources AFTER INSERT OR UPDATE OR DELETE ON resources
  FOR EACH ROW EXECUTE FUNCTION toolyard_notify_row_change('resources', 'own');
