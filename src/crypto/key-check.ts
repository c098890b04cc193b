// Whether a keyring opens one sealed data key: what a start checks before serving sealed data (SQLite:
// src/db/start-checks.ts; PostgreSQL: src/db/postgres/master-key-check.ts).
import type { Keyring } from './master-key'
import { unwrapDataKey } from './seal'

/** A data key as stored: which master key wrapped it, and the wrapped bytes. */
export interface SealedKey {
  master_key_id: string
  wrapped: string
}

/** True when `keyring` holds the master key `row` names and that key unwraps it (bound to `id` and `scope`). */
export function keyOpens(keyring: Keyring, id: string, scope: string, row: SealedKey): boolean {
  const master = keyring.byId(row.master_key_id)
  if (!master) return false
  try {
    unwrapDataKey(master, id, scope, row.wrapped)
    return true
  } catch {
    return false
  }
}
