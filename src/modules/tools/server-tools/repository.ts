// SQL for what is attached to a server: toolkits (in attach order, with credential maps) and single-tool rows.
import type { SqlStore } from '../../../db/queries'
import type { CredentialMode } from './credential-modes'

type ServerToolkitRow = {
  server_id: string
  toolkit_id: string
  /** JSON map provider → credential id. */
  credentials: string
  /** The tools are listed as `<prefix>_<name>`; '' lists them under their own names (./prefix.ts). */
  prefix: string
  position: number
  created_at: string
  /** Whose credential its tools use (./credential-modes.ts); absent before the users migration is read. */
  credential_mode?: CredentialMode
}

export type ServerToolRow = {
  server_id: string
  tool_id: string
  source: 'added' | 'removed' | 'override'
  credential_id: string | null
  enabled: number
  created_at: string
}

/** The storage port its callers use; `serverToolsRepository` below implements it once, on either engine
 *  (docs/decisions/0028-repository-interfaces.md, docs/decisions/0056-one-query-interface.md). */
export interface ServerToolsRepository {
  toolkits: (server_id: string) => Promise<ServerToolkitRow[]>
  clearToolkits: (server_id: string) => Promise<void>
  /** Takes one toolkit off the server; false when it was not attached. */
  removeToolkit: (server_id: string, toolkit_id: string) => Promise<boolean>
  upsertToolkit: (row: Omit<ServerToolkitRow, 'position'>) => Promise<void>
  tools: (server_id: string) => Promise<ServerToolRow[]>
  tool: (server_id: string, tool_id: string) => Promise<ServerToolRow | null>
  upsertTool: (row: ServerToolRow) => Promise<void>
  serverExists: (project_id: string, id: string) => Promise<boolean>
  projectServers: (project_id: string) => Promise<string[]>
  /** Servers of the project whose tool set includes this toolkit's or this tool's tools. */
  serversUsing: (project_id: string, toolkit_id: string, tool_id?: string) => Promise<string[]>
  /** The server's tool discovery settings as stored (JSON text or null). */
  discovery: (server_id: string) => Promise<string | null>
}

export function serverToolsRepository(store: SqlStore): ServerToolsRepository {
  const serverIds = async (query: string, params: Record<string, unknown>) =>
    (await store.q().all<{ server_id: string }>(query, params)).map((r) => r.server_id)
  return {
    toolkits: (server_id) =>
      store.q().all('SELECT * FROM server_toolkits WHERE server_id = $server_id ORDER BY position', { server_id }),
    clearToolkits: async (server_id) => {
      await store.q().run('DELETE FROM server_toolkits WHERE server_id = $server_id', { server_id })
    },
    removeToolkit: async (server_id, toolkit_id) =>
      (
        await store.q().run('DELETE FROM server_toolkits WHERE server_id = $server_id AND toolkit_id = $toolkit_id', {
          server_id,
          toolkit_id,
        })
      ).changes > 0,
    upsertToolkit: async (row) => {
      // The next position is read in the insert itself. On SQLite one statement is atomic under its write lock; on
      // PostgreSQL two attaches to one server at once (two requests, two instances) would both read the same maximum,
      // so the server's row is locked first.
      const upsert = () =>
        store.q().run(
          `INSERT INTO server_toolkits (server_id, toolkit_id, credentials, prefix, position, created_at)
           VALUES ($server_id, $toolkit_id, $credentials, $prefix,
             (SELECT COALESCE(MAX(position), -1) + 1 FROM server_toolkits WHERE server_id = $server_id), $created_at)
           ON CONFLICT (server_id, toolkit_id) DO UPDATE SET credentials = excluded.credentials, prefix = excluded.prefix`,
          row,
        )
      if (store.dialect === 'sqlite') await upsert()
      else
        await store.tx(async () => {
          await store.q().run('SELECT 1 FROM servers WHERE id = $server_id FOR UPDATE', row)
          await upsert()
        })
    },
    tools: (server_id) =>
      store
        .q()
        .all('SELECT * FROM server_tools WHERE server_id = $server_id ORDER BY created_at, tool_id', { server_id }),
    tool: (server_id, tool_id) =>
      store
        .q()
        .get('SELECT * FROM server_tools WHERE server_id = $server_id AND tool_id = $tool_id', { server_id, tool_id }),
    upsertTool: async (row) => {
      await store.q().run(
        `INSERT INTO server_tools (server_id, tool_id, source, credential_id, enabled, created_at)
         VALUES ($server_id, $tool_id, $source, $credential_id, $enabled, $created_at)
         ON CONFLICT (server_id, tool_id) DO UPDATE SET source = excluded.source, credential_id = excluded.credential_id, enabled = excluded.enabled`,
        row,
      )
    },
    serverExists: async (project_id, id) =>
      (await store
        .q()
        .get('SELECT 1 AS one FROM servers WHERE id = $id AND project_id = $project_id', { id, project_id })) !== null,
    projectServers: async (project_id) =>
      (
        await store.q().all<{ id: string }>('SELECT id FROM servers WHERE project_id = $project_id ORDER BY id', {
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
        await store.q().get<{ tool_discovery: string | null }>('SELECT tool_discovery FROM servers WHERE id = $id', {
          id: server_id,
        })
      )?.tool_discovery ?? null,
  }
}
