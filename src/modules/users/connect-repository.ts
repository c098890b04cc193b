// SQL for connect links (docs/decisions/0334-connect-links.md): stored as the token's hash, claimed once, written once
// for both engines (src/db/queries.ts).
import type { SqlStore } from '../../db/queries'

export type ConnectLinkRow = {
  token_hash: string
  project_id: string
  user_id: string
  provider_id: string
  expires_at: string
  used_at: string | null
  created_at: string
}

export interface ConnectLinksRepository {
  insert(row: Omit<ConnectLinkRow, 'used_at'>): Promise<void>
  byHash(tokenHash: string): Promise<ConnectLinkRow | null>
  /** Marks the link used when it is unused and unexpired at `now`; false when another request claimed it first. */
  claim(tokenHash: string, now: string): Promise<boolean>
  /** Deletes links that expired before `before` (used or not). */
  purge(before: string): Promise<number>
}

export function connectLinksRepository(store: SqlStore): ConnectLinksRepository {
  return {
    async insert(row) {
      await store.q().run(
        `INSERT INTO connect_links (token_hash, project_id, user_id, provider_id, expires_at, created_at)
         VALUES ($token_hash, $project_id, $user_id, $provider_id, $expires_at, $created_at)`,
        row,
      )
    },
    byHash: (token_hash) =>
      store.q().get<ConnectLinkRow>('SELECT * FROM connect_links WHERE token_hash = $token_hash', { token_hash }),
    async claim(token_hash, now) {
      const { changes } = await store
        .q()
        .run(
          'UPDATE connect_links SET used_at = $now WHERE token_hash = $token_hash AND used_at IS NULL AND expires_at > $now',
          { token_hash, now },
        )
      return changes > 0
    },
    purge: async (before) =>
      (await store.q().run('DELETE FROM connect_links WHERE expires_at < $before', { before })).changes,
  }
}
