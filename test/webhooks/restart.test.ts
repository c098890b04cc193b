// kill -9 with deliveries pending, then a restart: the real service as a child process, the outbox in its SQLite file.
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Webhook } from 'standardwebhooks'
import { type Reply, startReceiver, waitFor } from './receiver'

const root = join(import.meta.dir, '../..')
const bun = join(root, 'node_modules/.bin/bun')
const dataDir = mkdtempSync(join(tmpdir(), 'toolyard-restart-'))
let mode: 'fail' | 'hang' | 'ok' = 'fail'
const rx = startReceiver((): Reply => (mode === 'fail' ? 503 : mode === 'hang' ? 'hang' : 200))
const children: Bun.Subprocess[] = []

const env = (extra: Record<string, string>) => ({
  ...process.env,
  TOOLYARD_PORT: '0',
  TOOLYARD_HOST: '127.0.0.1',
  TOOLYARD_DATA_DIR: dataDir,
  TOOLYARD_ALLOW_PRIVATE_EGRESS: 'true',
  TOOLYARD_RATE_LIMITS: 'off',
  TOOLYARD_LOG_LEVEL: 'warn',
  ...extra,
})

/** Starts `bun src/main.ts serve` and reads stdout until it names its port. */
async function startService(
  extra: Record<string, string>,
): Promise<{ child: Bun.Subprocess<'ignore', 'pipe', 'inherit'>; base: string }> {
  const child = Bun.spawn([bun, 'src/main.ts', 'serve'], {
    cwd: root,
    env: env(extra),
    stdout: 'pipe',
    stderr: 'inherit',
  })
  children.push(child)
  const reader = child.stdout.getReader()
  let text = ''
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    const { value, done } = await reader.read()
    if (done) break
    text += new TextDecoder().decode(value)
    const m = text.match(/listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/)
    if (m) {
      // Keep draining stdout so the child never blocks on a full pipe.
      void (async () => {
        for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) break
      })()
      return { child, base: m[1]! }
    }
  }
  throw new Error(`service did not start: ${text}`)
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  await Promise.all(children.map((c) => c.exited))
  await rx.stop()
  rmSync(dataDir, { recursive: true, force: true })
}, 60000)

test('deliveries pending at a kill -9 are delivered after the restart', async () => {
  const created = Bun.spawnSync([bun, 'src/main.ts', 'keys', 'create', '--project', 'p', '--json'], {
    cwd: root,
    env: env({}),
  })
  expect(created.exitCode).toBe(0)
  const { api_key: apiKey } = JSON.parse(created.stdout.toString().trim().split('\n').pop()!)

  // First life: retries far in the future, attempts allowed to hang for a minute.
  const first = await startService({ TOOLYARD_WEBHOOK_RETRY_BASE_MS: '600000', TOOLYARD_WEBHOOK_TIMEOUT_MS: '60000' })
  const call = async (base: string, path: string, method: string, body?: unknown) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as any }
  }
  const server = await call(first.base, '/servers', 'POST', { name: 'restart test' })
  expect(server.status).toBe(201)
  const sub = await call(first.base, '/subscribe', 'POST', { callback_url: rx.url })
  expect(sub.status).toBe(201)

  // resource.created: the receiver answers 503, so it waits for a retry ten minutes away.
  const resource = await call(first.base, '/resources', 'POST', {
    server_id: server.body.data.id,
    name: 'Doc',
    uri: 'doc://one',
    resource_type: 'static',
    content: 'a',
  })
  expect(resource.status).toBe(201)
  await waitFor('first failed attempt recorded', async () => {
    const d = (await call(first.base, `/subscriptions/${sub.body.id}/deliveries`, 'GET')).body.deliveries
    return d.length === 1 && d[0].attempts.length === 1 && d[0].status === 'pending'
  })

  // resource.updated: the receiver hangs, so the attempt is in flight when the process dies.
  mode = 'hang'
  const patched = await call(first.base, `/resources/${resource.body.id}`, 'PATCH', { name: 'Doc v2' })
  expect(patched.status).toBe(200)
  await waitFor('the hanging attempt reached the receiver', () => rx.received.length === 2)

  first.child.kill('SIGKILL')
  await first.child.exited
  const beforeRestart = rx.received.length

  // Second life: short retry base, receiver healthy.
  mode = 'ok'
  const second = await startService({ TOOLYARD_WEBHOOK_RETRY_BASE_MS: '50', TOOLYARD_WEBHOOK_TIMEOUT_MS: '5000' })
  const deliveries = await waitFor('both delivered after the restart', async () => {
    const d = (await call(second.base, `/subscriptions/${sub.body.id}/deliveries`, 'GET')).body.deliveries
    return d.length === 2 && d.every((x: any) => x.status === 'delivered') ? d : null
  })
  expect(deliveries.map((d: any) => d.event)).toEqual(['resource.created', 'resource.updated'])
  // created: the failed attempt from the first life, then the successful one.
  expect(deliveries[0].attempts.map((a: any) => a.status)).toEqual([503, 200])
  // updated: the attempt cut by the kill was never recorded; it was simply made again.
  expect(deliveries[1].attempts.map((a: any) => a.status)).toEqual([200])

  const after = rx.received.slice(beforeRestart)
  const events = after.map((r) => new Webhook(sub.body.secret).verify(r.body, r.headers as any) as any)
  expect(events.map((e) => `${e.event} ${e.resource.name}`).sort()).toEqual([
    'resource.created Doc',
    'resource.updated Doc v2',
  ])

  second.child.kill('SIGTERM')
  expect(await second.child.exited).toBe(0)
}, 60000)
