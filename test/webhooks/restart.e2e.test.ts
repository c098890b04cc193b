// kill -9 with deliveries pending, then a restart: the real service as a child process, the outbox in its SQLite file.
import { afterAll, expect, test } from 'bun:test'
import { Webhook } from 'standardwebhooks'
import { runCli, type ServeProcess, startServe, tempDirs } from '../helpers/app'
import { waitFor } from '../helpers/poll'
import { type Reply, startReceiver } from '../helpers/webhook-receiver'

const dataDir = tempDirs('toolyard-restart-')()
let mode: 'fail' | 'hang' | 'ok' = 'fail'
const rx = startReceiver((): Reply => (mode === 'fail' ? 503 : mode === 'hang' ? 'hang' : 200))
const children: ServeProcess[] = []

const env = (extra: Record<string, string>) => ({
  TOOLYARD_ALLOW_PRIVATE_EGRESS: 'true',
  TOOLYARD_RATE_LIMITS: 'off',
  ...extra,
})

/** Starts `serve` (test/helpers/app.ts, CLI_COMMAND) on this test's data dir. */
async function startService(extra: Record<string, string>): Promise<ServeProcess> {
  const child = await startServe(dataDir, env(extra))
  children.push(child)
  return child
}

afterAll(async () => {
  for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL')
  await Promise.all(children.map((c) => c.proc.exited))
  await rx.stop()
}, 60000)

test('deliveries pending at a kill -9 are delivered after the restart', async () => {
  const created = await runCli(['keys', 'create', '--project', 'p', '--json'], dataDir, env({}))
  expect(created.code).toBe(0)
  const { api_key: apiKey } = JSON.parse(created.stdout.trim().split('\n').pop()!)

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

  first.proc.kill('SIGKILL')
  await first.proc.exited
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

  expect(await second.stop()).toBe(0)
}, 60000)
