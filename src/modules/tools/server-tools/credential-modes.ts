// Whose credential a call through a toolkit attachment uses (docs/decisions/0333-credential-mode.md): `shared` (the
// attachment's mapped credential, as before), `per_user` (the caller's own, never another's, none without a user), or
// `per_user_then_shared` (the caller's own, else the mapped one). Written once for both engines (src/db/queries.ts).
import type { SqlStore } from '../../../db/queries'

export type CredentialMode = 'shared' | 'per_user' | 'per_user_then_shared'

export interface CredentialModesRepository {
  set(serverId: string, toolkitId: string, mode: CredentialMode): Promise<void>
}

export function credentialModesRepository(store: SqlStore): CredentialModesRepository {
  return {
    async set(server_id, toolkit_id, mode) {
      await store
        .q()
        .run(
          'UPDATE server_toolkits SET credential_mode = $mode WHERE server_id = $server_id AND toolkit_id = $toolkit_id',
          { server_id, toolkit_id, mode },
        )
    },
  }
}
