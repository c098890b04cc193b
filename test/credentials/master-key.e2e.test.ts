// Envelope encryption at rest: the generated master key file, a configured key, associated data binding,
// and `toolyard keys rotate-master` re-wrapping data keys while a server keeps running.

import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError } from '../../src/config'
import { runCli, startTestApp, type TestApp, tempDirs } from '../helpers/app'

const freshDir = tempDirs('toolyard-vault-')

async function storeSecret(app: TestApp, value: string, key?: string): Promise<string> {
  const res = await app.api('/credentials', {
    key,
    body: { name: `c-${value.slice(-6)}`, provider_id: 'custom', credential_data: { token: value } },
  })
  expect(res.status).toBe(201)
  return (await res.json()).id
}

async function openToken(app: TestApp, projectId: string, id: string): Promise<unknown> {
  const opened = await app.server.deps.credentials.open(projectId, id)
  return 'data' in opened ? opened.data?.token : undefined
}

describe('master key', () => {
  test('first start writes DATA_DIR/master.key (0600, 32 bytes base64); a restart reads the same key', async () => {
    const dir = freshDir()
    const app = await startTestApp({}, { dataDir: dir })
    const file = join(dir, 'master.key')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').length).toBe(32)
    const keyText = readFileSync(file, 'utf8')
    const id = await storeSecret(app, 'restart-secret-000111')
    const projectId = app.projectId
    await app.stop()

    const again = await startTestApp({}, { dataDir: dir })
    expect(readFileSync(file, 'utf8')).toBe(keyText)
    expect(await openToken(again, projectId, id)).toBe('restart-secret-000111')
    await again.stop()
  })

  test('a bad TOOLYARD_MASTER_KEY stops start-up with a message naming the variable (not the value)', async () => {
    const dir = freshDir()
    const bad = 'c2hvcnQta2V5'
    const err = await startTestApp({ TOOLYARD_MASTER_KEY: bad }, { dataDir: dir }).then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(ConfigError)
    expect((err as Error).message).toContain('TOOLYARD_MASTER_KEY')
    expect((err as Error).message).not.toContain(bad)
  })

  test('a configured key is used instead of a file; a start with another key is refused, naming the database', async () => {
    const dir = freshDir()
    const key = randomBytes(32).toString('base64')
    const app = await startTestApp({ TOOLYARD_MASTER_KEY: key }, { dataDir: dir })
    expect(readdirSync(dir).filter((f) => f.startsWith('master.key'))).toEqual([])
    const id = await storeSecret(app, 'env-key-secret-222333')
    const projectId = app.projectId
    await app.stop()

    // Sealed with another master key: the start is refused (exit 2 in serve) rather than serving credentials it cannot
    // open (docs/reliability.md, "Faults"); the message names the database and the variable, never a key.
    const other = randomBytes(32).toString('base64')
    const refused = await startTestApp({ TOOLYARD_MASTER_KEY: other }, { dataDir: dir }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ConfigError)
    expect((refused as Error).message).toContain(join(dir, 'toolyard.sqlite'))
    expect((refused as Error).message).toContain('TOOLYARD_MASTER_KEY')
    expect((refused as Error).message).not.toContain(other)
    const right = await startTestApp({ TOOLYARD_MASTER_KEY: key }, { dataDir: dir })
    expect(await openToken(right, projectId, id)).toBe('env-key-secret-222333')
    await right.stop()
  })

  test('ciphertexts carry their data-key id and are bound to their credential: a copied value does not open', async () => {
    const dir = freshDir()
    const app = await startTestApp({}, { dataDir: dir })
    const a = await storeSecret(app, 'bound-secret-aaaaaa')
    const b = await storeSecret(app, 'bound-secret-bbbbbb')
    const db = new Database(join(dir, 'toolyard.sqlite'))
    const rows = db
      .query<{ id: string; data_sealed: string }, []>('SELECT id, data_sealed FROM credentials ORDER BY id')
      .all()
    const keyIds = db.query<{ id: string; master_key_id: string }, []>('SELECT id, master_key_id FROM data_keys').all()
    expect(keyIds.length).toBe(1)
    for (const r of rows) expect(r.data_sealed.split('.')[1]).toBe(keyIds[0]!.id)
    // Same plaintext length, fresh nonces: the two ciphertexts differ.
    expect(rows[0]!.data_sealed).not.toBe(rows[1]!.data_sealed)
    db.query('UPDATE credentials SET data_sealed = $v WHERE id = $id').run({
      v: rows.find((r) => r.id === a)!.data_sealed,
      id: b,
    })
    db.close()
    expect(await app.server.deps.credentials.open(app.projectId, b)).toEqual({ status: 'auth_required' })
    expect(await openToken(app, app.projectId, a)).toBe('bound-secret-aaaaaa')
    await app.stop()
  })
})

describe('toolyard keys rotate-master', () => {
  test('re-wraps every data key, keeps the old key file, and a running server keeps reading and writing', async () => {
    const dir = freshDir()
    // Server A writes credentials in two projects, then stops; server B starts with only the old key in its keyring.
    const a = await startTestApp({}, { dataDir: dir })
    const p2 = await a.newProject('second')
    const c1 = await storeSecret(a, 'rotate-secret-111111')
    const c2 = await storeSecret(a, 'rotate-secret-222222', p2.apiKey)
    const p1 = a.projectId
    await a.stop()
    const oldKey = readFileSync(join(dir, 'master.key'), 'utf8')

    const b = await startTestApp({}, { dataDir: dir })
    expect(await openToken(b, p1, c1)).toBe('rotate-secret-111111') // caches project 1's data key

    const out = await runCli(['keys', 'rotate-master', '--json'], dir)
    expect(out.stderr).toBe('')
    expect(out.code).toBe(0)
    const report = JSON.parse(out.stdout.trim().split('\n').at(-1)!)
    expect(report.dataKeys).toBe(2)
    expect(report.newMasterKeyId).not.toBe(report.oldMasterKeyId)
    expect(report.newKeyForEnv).toBeUndefined()

    const newKey = readFileSync(join(dir, 'master.key'), 'utf8')
    expect(newKey).not.toBe(oldKey)
    expect(statSync(join(dir, 'master.key')).mode & 0o777).toBe(0o600)
    const kept = readdirSync(dir).filter((f) => f.startsWith('master.key.old-'))
    expect(kept.length).toBe(1)
    expect(readFileSync(join(dir, kept[0]!), 'utf8')).toBe(oldKey)
    expect(readdirSync(dir)).not.toContain('master.key.new')
    const db = new Database(join(dir, 'toolyard.sqlite'), { readonly: true })
    const wrappedBy = db
      .query<{ master_key_id: string }, []>('SELECT DISTINCT master_key_id FROM data_keys')
      .all()
      .map((r) => r.master_key_id)
    db.close()
    expect(wrappedBy).toEqual([report.newMasterKeyId])

    // The running server: a cached data key, a data key re-wrapped under the new master key, and a new project.
    expect(await openToken(b, p1, c1)).toBe('rotate-secret-111111')
    expect(await openToken(b, p2.projectId, c2)).toBe('rotate-secret-222222')
    const p3 = await b.newProject('third')
    const c3 = await storeSecret(b, 'rotate-secret-333333', p3.apiKey)
    await b.stop()

    // After the old key file is gone, everything still opens with the new key alone.
    rmSync(join(dir, kept[0]!))
    const c = await startTestApp({}, { dataDir: dir })
    expect(await openToken(c, p1, c1)).toBe('rotate-secret-111111')
    expect(await openToken(c, p2.projectId, c2)).toBe('rotate-secret-222222')
    expect(await openToken(c, p3.projectId, c3)).toBe('rotate-secret-333333')
    await c.stop()
  })

  test('with TOOLYARD_MASTER_KEY set: prints the new key once for the variable and keeps the old one on disk', async () => {
    const dir = freshDir()
    const envKey = randomBytes(32).toString('base64')
    const a = await startTestApp({ TOOLYARD_MASTER_KEY: envKey }, { dataDir: dir })
    const c1 = await storeSecret(a, 'env-rotate-secret-4444')
    const p1 = a.projectId
    await a.stop()
    const out = await runCli(['keys', 'rotate-master', '--json'], dir, { TOOLYARD_MASTER_KEY: envKey })
    expect(out.code).toBe(0)
    const report = JSON.parse(out.stdout.trim().split('\n').at(-1)!)
    expect(Buffer.from(report.newKeyForEnv, 'base64').length).toBe(32)
    // Restart with the new key in the variable: the data opens.
    const b = await startTestApp({ TOOLYARD_MASTER_KEY: report.newKeyForEnv }, { dataDir: dir })
    expect(await openToken(b, p1, c1)).toBe('env-rotate-secret-4444')
    await b.stop()
  })
})
