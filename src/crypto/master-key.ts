// The master-key keyring: the current key (TOOLYARD_MASTER_KEY or DATA_DIR/master.key) plus earlier keys kept on disk,
// so data keys wrapped by any of them stay readable while `toolyard keys rotate-master` runs next to a live server.
import {
  chmodSync,
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { ConfigError } from '../config'
import { randomBytes } from '../lib/node-crypto'

export interface MasterKey {
  /** Derived from the key (SHA-256 prefix); recorded beside every wrapped data key. */
  id: string
  key: Buffer
}

export const MASTER_FILE = 'master.key'
/** Written first by a rotation, renamed over master.key last; readers look at it too so no moment lacks the new key. */
const MASTER_NEXT_FILE = 'master.key.new'
export const MASTER_OLD_PREFIX = 'master.key.old-'

// Bun's hasher, not node:crypto's: the keyring is read at every start, and node:crypto is loaded lazily
// (src/lib/node-crypto.ts). Same SHA-256, same id.
const masterKeyId = (key: Buffer): string =>
  `mk_${new Bun.CryptoHasher('sha256').update('toolyard-master-key-id').update(key).digest('hex').slice(0, 16)}`

/** Parses a base64 (or base64url) 32-byte key; the message never repeats the value. */
function parseMasterKey(raw: string, source: string): Buffer {
  const text = raw.trim()
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text))
    throw new ConfigError(`${source} is invalid: expected 32 bytes encoded as base64`)
  const key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
  if (key.length !== 32)
    throw new ConfigError(`${source} is invalid: expected 32 bytes encoded as base64, got ${key.length} bytes`)
  return key
}

function readKeyFile(path: string): Buffer {
  return parseMasterKey(readFileSync(path, 'utf8'), path)
}

/** Writes a new random key file readable by the owner only. `wx` so two processes starting at once cannot both create one. */
function writeNewKeyFile(path: string, key: Buffer = randomBytes(32)): Buffer {
  writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  chmodSync(path, 0o600)
  return key
}

export interface Keyring {
  current(): MasterKey
  /** A key by id; re-reads the data dir once when the id is unknown (another process rotated). */
  byId(id: string): MasterKey | undefined
  reload(): void
}

/**
 * Builds the keyring. With no key configured and no key file, generates DATA_DIR/master.key (mode 0600).
 * A configured key (TOOLYARD_MASTER_KEY) is always current; key files on disk are still read as earlier/later keys.
 */
export function loadKeyring(opts: { dataDir: string; masterKey?: string }): Keyring {
  const configured = opts.masterKey !== undefined ? parseMasterKey(opts.masterKey, 'TOOLYARD_MASTER_KEY') : undefined
  const mainPath = join(opts.dataDir, MASTER_FILE)
  if (!configured && !existsSync(mainPath)) {
    try {
      writeNewKeyFile(mainPath)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
  }

  let current: MasterKey
  const known = new Map<string, MasterKey>()
  const add = (key: Buffer): MasterKey => {
    const mk = { id: masterKeyId(key), key }
    known.set(mk.id, mk)
    return mk
  }
  const reload = () => {
    known.clear()
    const files = readdirSync(opts.dataDir).filter((f) => f.startsWith(MASTER_OLD_PREFIX) || f === MASTER_NEXT_FILE)
    for (const f of files) add(readKeyFile(join(opts.dataDir, f)))
    const fromFile = existsSync(mainPath) ? add(readKeyFile(mainPath)) : undefined
    const chosen = configured ? add(configured) : fromFile
    if (!chosen) throw new ConfigError(`no master key: ${mainPath} is missing and TOOLYARD_MASTER_KEY is not set`)
    current = chosen
  }
  reload()
  return {
    current: () => current,
    byId(id) {
      if (!known.has(id)) reload()
      return known.get(id)
    },
    reload,
  }
}

/**
 * File steps of a rotation. `prepare` writes the new key beside the current one (readers already accept it);
 * `commit` keeps the old key as master.key.old-<timestamp> and renames the new one over master.key atomically.
 */
export function rotationFiles(dataDir: string) {
  const mainPath = join(dataDir, MASTER_FILE)
  const nextPath = join(dataDir, MASTER_NEXT_FILE)
  return {
    prepare(): MasterKey {
      if (existsSync(nextPath))
        throw new ConfigError(
          `${nextPath} exists: a rotation is in progress or was interrupted; remove it after checking no data key uses it`,
        )
      const key = writeNewKeyFile(nextPath)
      return { id: masterKeyId(key), key }
    },
    abort() {
      rmSync(nextPath, { force: true })
    },
    commit(): string | undefined {
      let oldPath: string | undefined
      if (existsSync(mainPath)) {
        oldPath = join(dataDir, MASTER_OLD_PREFIX + new Date().toISOString().replace(/[:.]/g, '-'))
        copyFileSync(mainPath, oldPath)
        chmodSync(oldPath, 0o600)
      }
      renameSync(nextPath, mainPath)
      return oldPath
    },
  }
}
