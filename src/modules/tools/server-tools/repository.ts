// SQL for what is attached to a server: toolkits (in attach order, with credential maps) and single-tool rows.
import { asyncPort, type Store } from '../../../db/store'
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
  /** Whose credential its tools use (./credential-modes.ts); absent before migration 020 is read. */
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

/** The storage port its callers use; `serverToolsRepository` below implements it on SQLite, a PostgreSQL adapter would
 *  implement it too (docs/decisions/0028-repository-interfaces.md). */
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

export function serverToolsRepository(store: Store): ServerToolsRepository {
  const { db } = store
  const discovery = db.query<{ tool_discovery: string | null }, { id: string }>(
    'SELECT tool_discovery FROM servers WHERE id = $id',
  )
  const toolkits = db.query<ServerToolkitRow, { server_id: string }>(
    'SELECT * FROM server_toolkits WHERE server_id = $server_id ORDER BY position',
  )
  const clearToolkits = db.query('DELETE FROM server_toolkits WHERE server_id = $server_id')
  const removeToolkit = db.query(
    'DELETE FROM server_toolkits WHERE server_id = $server_id AND toolkit_id = $toolkit_id',
  )
  const upsertToolkit = db.query(
    `INSERT INTO server_toolkits (server_id, toolkit_id, credentials, prefix, position, created_at)
     VALUES ($server_id, $toolkit_id, $credentials, $prefix, $position, $created_at)
     ON CONFLICT (server_id, toolkit_id) DO UPDATE SET credentials = excluded.credentials, prefix = excluded.prefix`,
  )
  const nextPosition = db.query<{ n: number }, { server_id: string }>(
    'SELECT COALESCE(MAX(position), -1) + 1 AS n FROM server_toolkits WHERE server_id = $server_id',
  )
  const tools = db.query<ServerToolRow, { server_id: string }>(
    'SELECT * FROM server_tools WHERE server_id = $server_id ORDER BY created_at, tool_id',
  )
  const tool = db.query<ServerToolRow, { server_id: string; tool_id: string }>(
    'SELECT * FROM server_tools WHERE server_id = $server_id AND tool_id = $tool_id',
  )
  const upsertTool = db.query(
    `INSERT INTO server_tools (server_id, tool_id, source, credential_id, enabled, created_at)
     VALUES ($server_id, $tool_id, $source, $credential_id, $enabled, $created_at)
     ON CONFLICT (server_id, tool_id) DO UPDATE SET source = excluded.source, credential_id = excluded.credential_id, enabled = excluded.enabled`,
  )
  const serverExists = db.query<{ one: number }, { id: string; project_id: string }>(
    'SELECT 1 AS one FROM servers WHERE id = $id AND project_id = $project_id',
  )
  const projectServers = db.query<{ id: string }, { project_id: string }>(
    'SELECT id FROM servers WHERE project_id = $project_id ORDER BY id',
  )
  const serversWithToolkit = db.query<{ server_id: string }, { toolkit_id: string; project_id: string }>(
    `SELECT st.server_id FROM server_toolkits st JOIN servers s ON s.id = st.server_id
     WHERE st.toolkit_id = $toolkit_id AND s.project_id = $project_id`,
  )
  const serversWithTool = db.query<{ server_id: string }, { tool_id: string; project_id: string }>(
    `SELECT st.server_id FROM server_tools st JOIN servers s ON s.id = st.server_id
     WHERE st.tool_id = $tool_id AND st.source = 'added' AND s.project_id = $project_id`,
  )

  return asyncPort<ServerToolsRepository>(store, {
    toolkits: (server_id: string) => toolkits.all({ server_id }),
    clearToolkits: (server_id: string) => clearToolkits.run({ server_id }),
    removeToolkit: (server_id: string, toolkit_id: string) => removeToolkit.run({ server_id, toolkit_id }).changes > 0,
    upsertToolkit: (row: Omit<ServerToolkitRow, 'position'>) =>
      upsertToolkit.run({ ...row, position: nextPosition.get({ server_id: row.server_id })!.n }),
    tools: (server_id: string) => tools.all({ server_id }),
    tool: (server_id: string, tool_id: string) => tool.get({ server_id, tool_id }),
    upsertTool: (row: ServerToolRow) => upsertTool.run(row),
    serverExists: (project_id: string, id: string) => serverExists.get({ id, project_id }) !== null,
    projectServers: (project_id: string) => projectServers.all({ project_id }).map((r) => r.id),
    /** Servers of the project whose tool set includes this toolkit's or this tool's tools. */
    serversUsing: (project_id: string, toolkit_id: string, tool_id?: string) => {
      const ids = new Set(serversWithToolkit.all({ toolkit_id, project_id }).map((r) => r.server_id))
      if (tool_id) for (const r of serversWithTool.all({ tool_id, project_id })) ids.add(r.server_id)
      return [...ids]
    },
    discovery: (server_id: string) => discovery.get({ id: server_id })?.tool_discovery ?? null,
  })
}
