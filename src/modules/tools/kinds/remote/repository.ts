// SQL for remote MCP toolkits: the upstream of each (migration 012) and the credential its syncs use.
import type { SqlStore } from '../../../../db/queries'
import { nowIso } from '../../../../lib/ids'
import type { RemoteAuth, RemoteSpec, RemoteTransport } from './model'

export type RemoteRow = {
  toolkit_id: string
  project_id: string
  url: string
  transport: string
  /** JSON text: non-secret headers. */
  headers: string
  /** JSON text: RemoteAuth. */
  auth: string
  prefix: string
  refresh_interval_s: number
  timeout_ms: number
  last_sync_at: string | null
  last_error: string | null
  /** JSON text: the upstream's serverInfo. */
  server_info: string | null
  protocol_version: string | null
}

interface SyncStatus {
  last_sync_at: string
  last_error: string | null
  server_info: string | null
  protocol_version: string | null
}

export const specOf = (row: RemoteRow): RemoteSpec => ({
  url: row.url,
  transport: row.transport as RemoteTransport,
  headers: JSON.parse(row.headers) as Record<string, string>,
  auth: JSON.parse(row.auth) as RemoteAuth,
  prefix: row.prefix,
  refresh_interval_s: row.refresh_interval_s,
  timeout_ms: row.timeout_ms,
})

/** The storage port its callers use; `remoteRepository` below implements it once, on either engine
 *  (docs/decisions/0028-repository-interfaces.md, docs/decisions/0056-one-query-interface.md). */
export interface RemoteRepository {
  insert: (row: RemoteRow) => Promise<void>
  updateSpec: (toolkitId: string, spec: RemoteSpec) => Promise<void>
  byToolkit: (toolkitId: string) => Promise<RemoteRow | null>
  /** Every remote toolkit of every project: the refresh job and the list_changed watchers. */
  all: () => Promise<RemoteRow[]>
  setStatus: (toolkitId: string, s: SyncStatus) => Promise<void>
  /** The credential a sync uses for `provider` (undefined: none). */
  syncCredential: (projectId: string, toolkitId: string, provider: string) => Promise<string | undefined>
}

export function remoteRepository(store: SqlStore): RemoteRepository {
  return {
    insert: async (row) => {
      await store.q().run(
        `INSERT INTO remote_toolkits (toolkit_id, project_id, url, transport, headers, auth, prefix, refresh_interval_s,
           timeout_ms, last_sync_at, last_error, server_info, protocol_version)
         VALUES ($toolkit_id, $project_id, $url, $transport, $headers, $auth, $prefix, $refresh_interval_s, $timeout_ms,
           $last_sync_at, $last_error, $server_info, $protocol_version)`,
        row,
      )
    },
    updateSpec: async (toolkitId, spec) => {
      await store.q().run(
        `UPDATE remote_toolkits SET url = $url, transport = $transport, headers = $headers, auth = $auth, prefix = $prefix,
           refresh_interval_s = $refresh_interval_s, timeout_ms = $timeout_ms WHERE toolkit_id = $toolkit_id`,
        {
          toolkit_id: toolkitId,
          url: spec.url,
          transport: spec.transport,
          headers: JSON.stringify(spec.headers),
          auth: JSON.stringify(spec.auth),
          prefix: spec.prefix,
          refresh_interval_s: spec.refresh_interval_s,
          timeout_ms: spec.timeout_ms,
        },
      )
      // The toolkit row changes with it: the read model's copies of this upstream, in every instance, are dropped
      // (./upstream-cache.ts), and the toolkit says when it last changed.
      await store.q().run('UPDATE toolkits SET updated_at = $updated_at WHERE id = $toolkit_id', {
        toolkit_id: toolkitId,
        updated_at: nowIso(),
      })
    },
    byToolkit: (toolkitId) =>
      store
        .q()
        .get<RemoteRow>('SELECT * FROM remote_toolkits WHERE toolkit_id = $toolkit_id', { toolkit_id: toolkitId }),
    /** Every remote toolkit of every project: the refresh job and the list_changed watchers. */
    all: () => store.q().all<RemoteRow>('SELECT * FROM remote_toolkits ORDER BY toolkit_id'),
    setStatus: async (toolkitId, s) => {
      await store.q().run(
        `UPDATE remote_toolkits SET last_sync_at = $last_sync_at, last_error = $last_error,
           server_info = COALESCE($server_info, server_info), protocol_version = COALESCE($protocol_version, protocol_version)
         WHERE toolkit_id = $toolkit_id`,
        { toolkit_id: toolkitId, ...s },
      )
    },
    // The credential a sync (no caller, no server) uses: the one a server carrying the toolkit maps for the provider,
    // else the project's newest credential of that provider (docs/decisions/0033-remote-mcp-toolkits.md).
    async syncCredential(projectId, toolkitId, provider) {
      const maps = await store.q().all<{ credentials: string }>(
        `SELECT st.credentials FROM server_toolkits st JOIN servers s ON s.id = st.server_id
         WHERE st.toolkit_id = $toolkit_id AND s.project_id = $project_id ORDER BY s.created_at, s.id`,
        { toolkit_id: toolkitId, project_id: projectId },
      )
      for (const { credentials } of maps) {
        const id = (JSON.parse(credentials) as Record<string, string>)[provider]
        if (id) return id
      }
      const newest = await store.q().get<{ id: string }>(
        `SELECT id FROM credentials WHERE project_id = $project_id AND provider_id = $provider_id AND user_id IS NULL
         ORDER BY created_at DESC, id DESC LIMIT 1`,
        { project_id: projectId, provider_id: provider },
      )
      return newest?.id
    },
  }
}
