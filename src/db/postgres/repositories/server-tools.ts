// PostgreSQL dialect of src/modules/tools/server-tools/repository.ts (toolkits and single tools attached to a server):
// the same SQL (its upserts are already `ON CONFLICT … DO UPDATE`, which PostgreSQL reads as SQLite does).
import type { ServerToolsRepository } from '../../../modules/tools/server-tools/repository'
import type { PgStore } from '../store'

export function pgServerToolsRepository(pg: PgStore): ServerToolsRepository {
  const serverIds = async (query: string, params: Record<string, unknown>) =>
    (await pg.q().all<{ server_id: string }>(query, params)).map((r) => r.server_id)
  return {
    toolkits: (server_id) =>
      pg.q().all('SELECT * FROM server_toolkits WHERE server_id = $server_id ORDER BY position', { server_id }),
    clearToolkits: async (server_id) => {
      await pg.q().run('DELETE FROM server_toolkits WHERE server_id = $server_id', { server_id })
    },
    removeToolkit: async (server_id, toolkit_id) =>
      (
        await pg.q().run('DELETE FROM server_toolkits WHERE server_id = $server_id AND toolkit_id = $toolkit_id', {
          server_id,
          toolkit_id,
        })
      ).changes > 0,
    upsertToolkit: (row) =>
      // The next position is read after locking the server's row: two attaches to one server at once (two requests,
      // two instances) would otherwise both read the same maximum. SQLite serializes them with its write lock.
      pg.tx(async (tx) => {
        await tx.run('SELECT 1 FROM servers WHERE id = $server_id FOR UPDATE', row)
        await tx.run(
          `INSERT INTO server_toolkits (server_id, toolkit_id, credentials, prefix, position, created_at)
           VALUES ($server_id, $toolkit_id, $credentials, $prefix,
             (SELECT COALESCE(MAX(position), -1) + 1 FROM server_toolkits WHERE server_id = $server_id), $created_at)
           ON CONFLICT (server_id, toolkit_id) DO UPDATE SET credentials = excluded.credentials, prefix = excluded.prefix`,
          row,
        )
      }),
    tools: (server_id) =>
      pg.q().all('SELECT * FROM server_tools WHERE server_id = $server_id ORDER BY created_at, tool_id', { server_id }),
    tool: (server_id, tool_id) =>
      pg
        .q()
        .get('SELECT * FROM server_tools WHERE server_id = $server_id AND tool_id = $tool_id', { server_id, tool_id }),
    upsertTool: async (row) => {
      await pg.q().run(
        `INSERT INTO server_tools (server_id, tool_id, source, credential_id, enabled, created_at)
         VALUES ($server_id, $tool_id, $source, $credential_id, $enabled, $created_at)
         ON CONFLICT (server_id, tool_id) DO UPDATE SET source = excluded.source, credential_id = excluded.credential_id, enabled = excluded.enabled`,
        row,
      )
    },
    serverExists: async (project_id, id) =>
      (await pg
        .q()
        .get('SELECT 1 AS one FROM servers WHERE id = $id AND project_id = $project_id', { id, project_id })) !== null,
    projectServers: async (project_id) =>
      (
        await pg.q().all<{ id: string }>('SELECT id FROM servers WHERE project_id = $project_id ORDER BY id', {
          project_id,
        })
      ).map((r) => r.id),
    /** Servers of the project whose tool set includes this toolkit's or this tool's tools. */
    serversUsing: async (project_id, toolkit_id, tool_id) => {
      const ids = new Set(
        await serverIds(
          `SELECT st.server_id FROM server_toolkits st JOIN servers s ON s.id = st.server_id
           WHERE st.toolkit_id = $toolkit_id AND s.project_id = $project_id`,
          { toolkit_id, project_id },
        ),
      )
      if (tool_id)
        for (const id of await serverIds(
          `SELECT st.server_id FROM server_tools st JOIN servers s ON s.id = st.server_id
           WHERE st.tool_id = $tool_id AND st.source = 'added' AND s.project_id = $project_id`,
          { tool_id, project_id },
        ))
          ids.add(id)
      return [...ids]
    },
    discovery: async (server_id) =>
      (
        await pg.q().get<{ tool_discovery: string | null }>('SELECT tool_discovery FROM servers WHERE id = $id', {
          id: server_id,
        })
      )?.tool_discovery ?? null,
  }
}
