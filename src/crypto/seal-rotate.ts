// `toolyard keys rotate-master`: a new master key, every data key re-wrapped in one transaction, the old key kept on disk.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { StoragePort } from '../db/store'
import { loadKeyring, MASTER_OLD_PREFIX, rotationFiles } from './master-key'
import { SealError, unwrapDataKey, wrapDataKey } from './seal'
import type { DataKeysRepository } from './seal-repository'

export interface RotationReport {
  oldMasterKeyId: string
  newMasterKeyId: string
  dataKeys: number
  /** Where the previous key file was kept (absent when the previous key came from TOOLYARD_MASTER_KEY only). */
  keptOldKeyAt?: string
  /** Set when TOOLYARD_MASTER_KEY is in use: the operator must switch the variable to this value (base64), shown once. */
  newKeyForEnv?: string
}

/** `repo`: the data keys on the same database as `store` (the caller builds the adapter, as for `createSealer`). */
export async function rotateMasterKey(
  store: StoragePort,
  repo: DataKeysRepository,
  opts: { dataDir: string; masterKey?: string },
): Promise<RotationReport> {
  const keyring = loadKeyring(opts)
  const old = keyring.current()
  const files = rotationFiles(opts.dataDir)
  // 1. The new key is on disk (master.key.new) before any data key uses it, so a running server can always read it.
  const next = files.prepare()
  let count = 0
  // 2. Every data key re-wrapped in one transaction: readers see all old or all new wrappings.
  try {
    await store.tx(async () => {
      for (const row of await repo.all()) {
        const master = keyring.byId(row.master_key_id)
        if (!master)
          throw new SealError(
            `data key ${row.id} is wrapped by master key ${row.master_key_id}, which is not available`,
          )
        const dataKey = unwrapDataKey(master, row.id, row.project_id, row.wrapped)
        await repo.rewrap(row.id, next.id, wrapDataKey(next, row.id, row.project_id, dataKey))
        count++
      }
    })
  } catch (err) {
    // Nothing was re-wrapped (the transaction rolled back), so the unused new key can go.
    files.abort()
    throw err
  }
  // 3. Keep the old key (a server still holding it wraps new projects' keys with it until it re-reads the files).
  let keptOldKeyAt = files.commit()
  if (opts.masterKey !== undefined) {
    keptOldKeyAt = join(opts.dataDir, `${MASTER_OLD_PREFIX + new Date().toISOString().replace(/[:.]/g, '-')}-env`)
    writeFileSync(keptOldKeyAt, `${old.key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  }
  return {
    oldMasterKeyId: old.id,
    newMasterKeyId: next.id,
    dataKeys: count,
    ...(keptOldKeyAt ? { keptOldKeyAt } : {}),
    ...(opts.masterKey !== undefined ? { newKeyForEnv: next.key.toString('base64') } : {}),
  }
}
