// SQL for local toolkits: the operator's server each runs and its sync status (migration 026).
import type { SqlStore } from '../../../../db/queries'
import type { LocalAuth, LocalSpec } from './model'

export type LocalRow = {
  toolkit_id: string
  project_id: string
  server: string
  /** JSON text: LocalAuth. */
  auth: string
  prefix: string
  timeout_ms: number
  last_sync_at: string | null
  last_error: string | null
  /** JSON text: the server's serverInfo. */
  server_info: string | null
  protocol_version: string | null
}

interface LocalSyncStatus {
  last_sync_at: string
  last_error: string | null
  server_info: string | null
  protocol_version: string | null
}

export const localSpecOf = (row: LocalRow): LocalSpec => ({
  server: row.server,
  auth: JSON.parse(row.auth) as LocalAuth,
  prefix: row.prefix,
  timeout_ms: row.timeout_ms,
})

export interface LocalRepository {
  insert: (row: LocalRow) => Promise<void>
  byToolkit: (toolkitId: string) => Promise<LocalRow | null>
  setStatus: (toolkitId: string, s: LocalSyncStatus) => Promise<void>
}

export function localRepository(store: SqlStore): LocalRepository {
  return {
    insert: async (row) => {
      await store.q().run(
        `INSERT INTO local_toolkits (toolkit_id, project_id, server, auth, prefix, timeout_ms, last_sync_at, last_error,
           server_info, protocol_version)
         VALUES ($toolkit_id, $project_id, $server, $auth, $prefix, $timeout_ms, $last_sync_at, $last_error,
           $server_info, $protocol_version)`,
        row,
      )
    },
    byToolkit: (toolkitId) =>
      store.q().get<LocalRow>('SELECT * FROM local_toolkits WHERE toolkit_id = $toolkit_id', { toolkit_id: toolkitId }),
    setStatus: async (toolkitId, s) => {
      await store.q().run(
        `UPDATE local_toolkits SET last_sync_at = $last_sync_at, last_error = $last_error,
           server_info = COALESCE($server_info, server_info), protocol_version = COALESCE($protocol_version, protocol_version)
         WHERE toolkit_id = $toolkit_id`,
        { toolkit_id: toolkitId, ...s },
      )
    },
  }
}
