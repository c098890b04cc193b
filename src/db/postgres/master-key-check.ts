// An instance whose master key cannot open the database's sealed data refuses to start (docs/decisions/0043-postgresql-in-serve.md). Instances share one database, so one started with another key would seal what the others cannot open,
// and could open nothing they sealed. A check row, sealed by the first instance to start, is opened by every later one
// (and the newest data key too, when credentials were sealed before the row existed).
import { randomBytes } from 'node:crypto'
import { ConfigError } from '../../config'
import { keyOpens as opens, type SealedKey as Sealed } from '../../crypto/key-check'
import type { Keyring } from '../../crypto/master-key'
import { wrapDataKey } from '../../crypto/seal'
import type { PgDb } from './sql'

/** The advisory lock key for writing the check row ("mkcheck" as bytes; migrations and rate windows take others). */
const CHECK_LOCK = 0x6d6b636865636bn

/** What the check row's sealed bytes are bound to (associated data): no data key can stand in for it. */
const CHECK_ID = 'master-key-check'
const CHECK_SCOPE = '*'

const refusal = (sealedWith: string, mine: string) =>
  new ConfigError(
    `TOOLYARD_MASTER_KEY cannot open this database's sealed data (sealed with master key ${sealedWith}, this instance has ${mine}): give every instance the same TOOLYARD_MASTER_KEY`,
  )

/**
 * Throws a ConfigError (exit 2, naming TOOLYARD_MASTER_KEY, never a key) when `keyring` cannot open the check row or
 * the newest data key; writes the check row with the current key when there is none. The table is made here, as the
 * rate windows' is, until a migration number can be spent on it.
 */
export async function checkMasterKey(db: PgDb, keyring: Keyring): Promise<void> {
  await db.tx(async (tx) => {
    await tx.run(`SELECT pg_advisory_xact_lock(${CHECK_LOCK})`)
    await tx.run(`CREATE TABLE IF NOT EXISTS master_key_check (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      master_key_id TEXT NOT NULL,
      wrapped TEXT NOT NULL,
      created_at TEXT NOT NULL
    )`)
    const mine = keyring.current()
    const check = await tx.get<Sealed>('SELECT master_key_id, wrapped FROM master_key_check WHERE id = 1')
    if (check && !opens(keyring, CHECK_ID, CHECK_SCOPE, check)) throw refusal(check.master_key_id, mine.id)
    const newest = await tx.get<Sealed & { id: string; project_id: string }>(
      'SELECT id, project_id, master_key_id, wrapped FROM data_keys ORDER BY id DESC LIMIT 1',
    )
    if (newest && !opens(keyring, newest.id, newest.project_id, newest)) throw refusal(newest.master_key_id, mine.id)
    if (!check)
      await tx.run(
        'INSERT INTO master_key_check (id, master_key_id, wrapped, created_at) VALUES (1, $master_key_id, $wrapped, $at)',
        {
          master_key_id: mine.id,
          wrapped: wrapDataKey(mine, CHECK_ID, CHECK_SCOPE, randomBytes(32)),
          at: new Date().toISOString(),
        },
      )
  })
}
