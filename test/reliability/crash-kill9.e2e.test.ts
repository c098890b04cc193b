// kill -9 of the serve process under concurrent writes from two projects, then a restart: the SQLite file passes
// PRAGMA integrity_check and every write that was acknowledged (201) is there. Figures go to docs/reliability.md.
import { Database } from 'bun:sqlite'
import { afterAll, expect, test } from 'bun:test'
import { join } from 'node:path'
import { runCli, type ServeProcess, startServe, tempDirs } from '../helpers/app'
import { waitFor } from '../helpers/poll'

const dataDir = tempDirs('toolyard-kill9-')()
const children: ServeProcess[] = []
const env = { TOOLYARD_RATE_LIMITS: 'off' }

afterAll(async () => {
  for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL')
  await Promise.all(children.map((c) => c.proc.exited))
})

async function newKey(project: string): Promise<string> {
  const created = await runCli(['keys', 'create', '--project', project, '--json'], dataDir, env)
  expect(created.code).toBe(0)
  return JSON.parse(created.stdout.trim().split('\n').pop()!).api_key
}

test('kill -9 under concurrent writes: integrity_check ok and every acknowledged write kept after restart', async () => {
  const keys = [await newKey('writer-a'), await newKey('writer-b')]
  const first = await startServe(dataDir, env)
  children.push(first)

  const acknowledged: { key: string; name: string }[] = []
  let attempted = 0
  let killed = false
  // 8 writers (4 per project) create functions as fast as they are answered, until the process dies under them.
  const writers = Array.from({ length: 8 }, async (_, w) => {
    const key = keys[w % 2]!
    for (let n = 0; !killed; n++) {
      const name = `w${w}-n${n}`
      attempted++
      try {
        const res = await fetch(`${first.base}/functions`, {
          method: 'POST',
          headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name, runtime: 'javascript', code: `export default async () => ${n}` }),
        })
        if (res.status === 201) acknowledged.push({ key, name })
        else expect(res.status).toBe(201)
      } catch {
        return // the connection died with the process: not acknowledged
      }
    }
  })
  // Killed once 200 writes were acknowledged (four times what is asserted below), with all 8 writers still going.
  await waitFor('200 acknowledged writes', () => acknowledged.length >= 200, { timeoutMs: 20_000 })
  first.proc.kill('SIGKILL')
  killed = true
  await Promise.all(writers)
  expect(await first.proc.exited).not.toBe(0)
  expect(acknowledged.length).toBeGreaterThan(50)

  const second = await startServe(dataDir, env)
  children.push(second)
  const db = new Database(join(dataDir, 'toolyard.sqlite'), { readonly: true })
  try {
    expect(db.query<{ integrity_check: string }, []>('PRAGMA integrity_check').all()).toEqual([
      { integrity_check: 'ok' },
    ])
    const stored = new Set(
      db
        .query<{ name: string }, []>('SELECT name FROM functions')
        .all()
        .map((r) => r.name),
    )
    const missing = acknowledged.filter((a) => !stored.has(a.name))
    expect(missing).toEqual([])
    console.log(
      `[reliability] kill -9 under 8 concurrent writers: ${attempted} writes attempted, ${acknowledged.length} acknowledged, ` +
        `${acknowledged.length - missing.length} kept after restart, ${stored.size} rows (unacknowledged ones may land too); integrity_check ok`,
    )
  } finally {
    db.close()
  }
  // The restarted service answers with what was written.
  const res = await fetch(`${second.base}/functions?limit=1`, { headers: { 'X-API-Key': keys[0]! } })
  expect(res.status).toBe(200)
  expect(await second.stop()).toBe(0)
}, 30_000)
