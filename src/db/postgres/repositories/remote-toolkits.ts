// PostgreSQL dialect of src/modules/tools/kinds/remote/repository.ts (remote MCP toolkits): the same SQL.
import type { RemoteRepository, RemoteRow } from '../../../modules/tools/kinds/remote/repository'
import type { PgStore } from '../store'

export function pgRemoteRepository(pg: PgStore): RemoteRepository {
  return {
    insert: async (row) => {
      await pg.q().run(
        `INSERT INTO remote_toolkits (toolkit_id, project_id, url, transport, headers, auth, prefix, refresh_interval_s,
           timeout_ms, last_sync_at, last_error, server_info, protocol_version)
         VALUES ($toolkit_id, $project_id, $url, $transport, $headers, $auth, $prefix, $refresh_interval_s, $timeout_ms,
           $last_sync_at, $last_error, $server_info, $protocol_version)`,
        row,
      )
    },
    updateSpec: async (toolkitId, spec) => {
      await pg.q().run(
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
    },
    byToolkit: (toolkitId) =>
      pg.q().get<RemoteRow>('SELECT * FROM remote_toolkits WHERE toolkit_id = $toolkit_id', { toolkit_id: toolkitId }),
    /** Every remote toolkit of every project: the refresh job and the list_changed watchers. */
    all: () => pg.q().all<RemoteRow>('SELECT * FROM remote_toolkits ORDER BY toolkit_id'),
    setStatus: async (toolkitId, s) => {
      await pg.q().run(
        `UPDATE remote_toolkits SET last_sync_at = $last_sync_at, last_error = $last_error,
           server_info = COALESCE($server_info, server_info), protocol_version = COALESCE($protocol_version, protocol_version)
         WHERE toolkit_id = $toolkit_id`,
        { toolkit_id: toolkitId, ...s },
      )
    },
    // The credential a sync uses: the one a server carrying the toolkit maps for the provider, else the project's
    // newest credential of that provider (docs/decisions/0033-remote-mcp-toolkits.md).
    async syncCredential(projectId, toolkitId, provider) {
      const maps = await pg.q().all<{ credentials: string }>(
        `SELECT st.credentials FROM server_toolkits st JOIN servers s ON s.id = st.server_id
         WHERE st.toolkit_id = $toolkit_id AND s.project_id = $project_id ORDER BY s.created_at, s.id`,
        { toolkit_id: toolkitId, project_id: projectId },
      )
      for (const { credentials } of maps) {
        const id = (JSON.parse(credentials) as Record<string, string>)[provider]
        if (id) return id
      }
      const newest = await pg.q().get<{ id: string }>(
        `SELECT id FROM credentials WHERE project_id = $project_id AND provider_id = $provider_id
         ORDER BY created_at DESC, id DESC LIMIT 1`,
        { project_id: projectId, provider_id: provider },
      )
      return newest?.id
    },
  }
}
