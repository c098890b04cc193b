-- PostgreSQL form of src/db/migrations/014-tool-search.sql plus what SQLite puts in place at start
-- (src/db/tool-search-index.ts): in PostgreSQL no later migration rebuilds a table, so the index's triggers live here.
ALTER TABLE servers ADD COLUMN tool_discovery TEXT;

-- Pre-built tools are data in the binary; a copy of what the index needs, brought up to date at start.
CREATE TABLE catalog_tools (
  id TEXT PRIMARY KEY,
  toolkit TEXT NOT NULL,
  name TEXT NOT NULL,
  title TEXT,
  description TEXT,
  input_schema TEXT NOT NULL
);

-- SQLite's FTS5 table becomes a plain table with the same columns and a weighted tsvector over them (name A; title
-- and toolkit B; description C; parameters D — the order of SQLite's BM25 column weights), under a GIN index.
-- Stemming: the 'english' configuration (Porter, as FTS5's porter tokenizer). A catalog tool's project_id is ''.
CREATE TABLE tool_search (
  tool_id TEXT NOT NULL,
  project_id TEXT NOT NULL,
  name TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  params TEXT NOT NULL,
  toolkit TEXT NOT NULL,
  document tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', name), 'A') ||
    setweight(to_tsvector('english', title), 'B') ||
    setweight(to_tsvector('english', toolkit), 'B') ||
    setweight(to_tsvector('english', description), 'C') ||
    setweight(to_tsvector('english', params), 'D')
  ) STORED,
  PRIMARY KEY (project_id, tool_id)
);
CREATE INDEX tool_search_document ON tool_search USING GIN (document);

-- camelCase → "camel Case", as SQLite's trigger does with 26 replace() calls.
CREATE FUNCTION tool_search_camel_split(t TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(t, '([A-Z])', ' \1', 'g')
$$;

-- Every parameter name and description, at any depth: each member of an object held under a "properties" key
-- (SQLite: json_tree rows whose path ends in .properties). Text that is not JSON indexes as no parameters.
CREATE FUNCTION tool_search_params(schema TEXT) RETURNS TEXT LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  doc jsonb;
  words TEXT;
BEGIN
  BEGIN
    doc := schema::jsonb;
  EXCEPTION WHEN others THEN
    RETURN '';
  END;
  WITH RECURSIVE walk(key, value, parent) AS (
    SELECT NULL::TEXT, doc, NULL::TEXT
    UNION ALL
    SELECT e.key, e.value, w.key FROM walk w CROSS JOIN LATERAL (
      SELECT o.key, o.value FROM jsonb_each(CASE WHEN jsonb_typeof(w.value) = 'object' THEN w.value ELSE '{}' END) o
      UNION ALL
      SELECT NULL, a.value FROM jsonb_array_elements(CASE WHEN jsonb_typeof(w.value) = 'array' THEN w.value ELSE '[]' END) a
    ) e
  )
  SELECT string_agg(key || ' ' || coalesce(value ->> 'description', ''), ' ') INTO words
    FROM walk WHERE parent = 'properties' AND jsonb_typeof(value) = 'object';
  RETURN tool_search_camel_split(coalesce(words, ''));
END;
$$;

-- Every change to a tool row, a toolkit's name or a catalog tool updates the index in the same transaction.
CREATE FUNCTION tool_search_tools() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM tool_search WHERE project_id = OLD.project_id AND tool_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO tool_search (tool_id, project_id, name, title, description, params, toolkit)
    SELECT NEW.id, NEW.project_id, NEW.name || ' ' || tool_search_camel_split(NEW.name), coalesce(NEW.title, ''),
      coalesce(NEW.description, ''), tool_search_params(NEW.input_schema),
      coalesce((SELECT k.name || ' ' || coalesce(k.display_name, '') FROM toolkits k WHERE k.id = NEW.toolkit_id), '');
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER tool_search_tools_insert_delete AFTER INSERT OR DELETE ON tools
  FOR EACH ROW EXECUTE FUNCTION tool_search_tools();
CREATE TRIGGER tool_search_tools_update AFTER UPDATE OF name, title, description, input_schema, toolkit_id, project_id
  ON tools FOR EACH ROW EXECUTE FUNCTION tool_search_tools();

CREATE FUNCTION tool_search_toolkits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tool_search s SET toolkit = NEW.name || ' ' || coalesce(NEW.display_name, '')
    FROM tools t WHERE t.toolkit_id = NEW.id AND s.project_id = t.project_id AND s.tool_id = t.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER tool_search_toolkits_rename AFTER UPDATE OF name, display_name ON toolkits
  FOR EACH ROW EXECUTE FUNCTION tool_search_toolkits();

CREATE FUNCTION tool_search_catalog() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM tool_search WHERE project_id = '' AND tool_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO tool_search (tool_id, project_id, name, title, description, params, toolkit)
    VALUES (NEW.id, '', NEW.name || ' ' || tool_search_camel_split(NEW.name), coalesce(NEW.title, ''),
      coalesce(NEW.description, ''), tool_search_params(NEW.input_schema), NEW.toolkit);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER tool_search_catalog AFTER INSERT OR UPDATE OR DELETE ON catalog_tools
  FOR EACH ROW EXECUTE FUNCTION tool_search_catalog();
