// Unit tests of envelope encryption: round trips, the binding to project and context, tampering, and key handling,
// on a real in-memory database and real keyrings.
import { afterAll, beforeEach, describe, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrate } from '../db/migrate'
import { type Db, openDatabase } from '../db/open'
import { createStore } from '../db/store'
import { projectsRepository } from '../modules/projects/repository'
import { projectsService } from '../modules/projects/service'
import { loadKeyring } from './master-key'
import { createSealer, SealError, type Sealer, unwrapDataKey, wrapDataKey } from './seal'
import { dataKeysRepository } from './seal-repository'

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})
const keyring = (masterKey = randomBytes(32).toString('base64')) => {
  const dir = mkdtempSync(join(tmpdir(), 'toolyard-seal-'))
  dirs.push(dir)
  return loadKeyring({ dataDir: dir, masterKey })
}

let db: Db
let sealer: Sealer
let a: string
let b: string
beforeEach(async () => {
  db = openDatabase(':memory:')
  migrate(db)
  const projects = projectsService(projectsRepository(createStore(db)))
  a = (await projects.createProject('a')).id
  b = (await projects.createProject('b')).id
  sealer = createSealer(keyring(), dataKeysRepository(createStore(db)))
})

/** Flips one bit of the ciphertext part (the last dot-separated field) of a sealed value. */
const tamper = (sealed: string) => {
  const parts = sealed.split('.')
  const body = Buffer.from(parts[3]!, 'base64url')
  body[0] = body[0]! ^ 1
  parts[3] = body.toString('base64url')
  return parts.join('.')
}

describe('seal and open', () => {
  test('round-trips any text, empty and non-ASCII included', async () => {
    for (const text of ['sk-live-123', '', 'ключ 🔑 鍵', 'x'.repeat(100_000)])
      expect(await sealer.open(a, 'cred:1:data', await sealer.seal(a, 'cred:1:data', text))).toBe(text)
  })

  test('the sealed form is v1.<data key id>.<nonce>.<ciphertext> and never contains the plaintext', async () => {
    const sealed = await sealer.seal(a, 'ctx', 'plain secret value')
    const [version, keyId, nonce, body, extra] = sealed.split('.')
    expect(version).toBe('v1')
    expect(keyId).toMatch(/^[0-9a-f-]{36}$/)
    expect(Buffer.from(nonce!, 'base64url')).toHaveLength(12)
    expect(Buffer.from(body!, 'base64url')).toHaveLength('plain secret value'.length + 16)
    expect(extra).toBeUndefined()
    expect(sealed).not.toContain('plain')
  })

  test('sealing the same text twice gives different values (fresh nonce)', async () => {
    const one = await sealer.seal(a, 'ctx', 'same')
    const two = await sealer.seal(a, 'ctx', 'same')
    expect(one).not.toBe(two)
    expect(await sealer.open(a, 'ctx', one)).toBe(await sealer.open(a, 'ctx', two))
  })

  test('one data key per project, created on first use and reused', async () => {
    const keyOf = (s: string) => s.split('.')[1]
    const a1 = keyOf(await sealer.seal(a, 'x', '1'))
    expect(keyOf(await sealer.seal(a, 'y', '2'))).toBe(a1)
    expect(keyOf(await sealer.seal(b, 'x', '3'))).not.toBe(a1)
    expect(db.query('SELECT COUNT(*) AS n FROM data_keys').get()).toEqual({ n: 2 })
  })

  test('concurrent first seals of a project all open, and later seals reuse the newest key', async () => {
    const sealed = await Promise.all(Array.from({ length: 5 }, (_, i) => sealer.seal(a, 'ctx', `v${i}`)))
    for (const [i, value] of sealed.entries()) expect(await sealer.open(a, 'ctx', value)).toBe(`v${i}`)
    const newest = db.query('SELECT id FROM data_keys WHERE project_id = ? ORDER BY id DESC LIMIT 1').get(a) as {
      id: string
    }
    expect((await sealer.seal(a, 'ctx', 'later')).split('.')[1]).toBe(newest.id)
  })

  test('a first seal outside a transaction and one inside it, for the same project, both finish', async () => {
    const store = createStore(db)
    const shared = createSealer(keyring(), dataKeysRepository(store))
    // The outside seal finds no key, then its insert waits for the transaction that opens meanwhile; the seal inside
    // that transaction must not wait for it in turn.
    const outside = shared.seal(b, 'ctx', 'out')
    const inside = store.tx(() => shared.seal(b, 'ctx', 'in'))
    const [sealedOut, sealedIn] = await Promise.all([outside, inside])
    expect(await shared.open(b, 'ctx', sealedIn)).toBe('in')
    expect(await shared.open(b, 'ctx', sealedOut)).toBe('out')
  })

  test('a value opened under another context fails: associated data binds it to its record', async () => {
    const sealed = await sealer.seal(a, 'credential:1:data', 'secret')
    await expect(sealer.open(a, 'credential:2:data', sealed)).rejects.toThrow('failed authentication')
    expect(await sealer.open(a, 'credential:1:data', sealed)).toBe('secret')
  })

  test('a value opened for another project fails', async () => {
    const sealed = await sealer.seal(a, 'ctx', 'secret')
    await expect(sealer.open(b, 'ctx', sealed)).rejects.toThrow(SealError)
    await expect(sealer.open(b, 'ctx', sealed)).rejects.toThrow('another project')
  })

  test('a flipped bit or a swapped nonce fails authentication', async () => {
    const sealed = await sealer.seal(a, 'ctx', 'secret')
    await expect(sealer.open(a, 'ctx', tamper(sealed))).rejects.toThrow('failed authentication')
    const other = (await sealer.seal(a, 'ctx', 'secret')).split('.')
    const parts = sealed.split('.')
    parts[2] = other[2]!
    await expect(sealer.open(a, 'ctx', parts.join('.'))).rejects.toThrow('failed authentication')
  })

  test('malformed values are refused as malformed, not as wrong keys', async () => {
    const [, keyId, nonce, body] = (await sealer.seal(a, 'ctx', 'secret')).split('.')
    for (const bad of [
      '',
      'plain text',
      `v2.${keyId}.${nonce}.${body}`,
      `v1.${keyId}.${nonce}`,
      `v1..${nonce}.${body}`,
      `v1.${keyId}.${Buffer.alloc(8).toString('base64url')}.${body}`,
      `v1.${keyId}.${nonce}.${Buffer.alloc(4).toString('base64url')}`,
    ])
      await expect(sealer.open(a, 'ctx', bad)).rejects.toThrow('malformed')
  })

  test('an unknown data key id is refused', async () => {
    const [, , nonce, body] = (await sealer.seal(a, 'ctx', 'secret')).split('.')
    await expect(sealer.open(a, 'ctx', `v1.0190f0f0-0000-7000-8000-000000000000.${nonce}.${body}`)).rejects.toThrow(
      'data key not found',
    )
  })

  test('another sealer on the same database opens values with the master key, and names the key without it', async () => {
    const master = randomBytes(32).toString('base64')
    const first = createSealer(keyring(master), dataKeysRepository(createStore(db)))
    const sealed = await first.seal(a, 'ctx', 'kept')
    expect(await createSealer(keyring(master), dataKeysRepository(createStore(db))).open(a, 'ctx', sealed)).toBe('kept')
    const stranger = createSealer(keyring(), dataKeysRepository(createStore(db)))
    await expect(stranger.open(a, 'ctx', sealed)).rejects.toThrow(/master key mk_[0-9a-f]{16} is not available/)
  })
})

describe('wrapDataKey and unwrapDataKey', () => {
  test('a wrapped data key opens only for the same id and project, with the same master key', () => {
    const master = keyring().current()
    const dataKey = randomBytes(32)
    const wrapped = wrapDataKey(master, 'dk-1', 'project-1', dataKey)
    expect(unwrapDataKey(master, 'dk-1', 'project-1', wrapped).equals(dataKey)).toBe(true)
    expect(() => unwrapDataKey(master, 'dk-2', 'project-1', wrapped)).toThrow(SealError)
    expect(() => unwrapDataKey(master, 'dk-1', 'project-2', wrapped)).toThrow(SealError)
    expect(() => unwrapDataKey(keyring().current(), 'dk-1', 'project-1', wrapped)).toThrow('failed authentication')
  })
})
