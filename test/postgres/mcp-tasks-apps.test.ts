// Two app instances on one PostgreSQL, as behind a round-robin balancer, and 2026-07-28 tasks: a task started on one
// instance is polled (working, then its result), answered and cancelled through the other, the cancellation reaching
// the run on the instance that holds it; another caller's or another project's request never finds it
// (docs/decisions/0047-tasks-across-instances.md). A result committed after a cancellation does not undo it; an instance
// that stops ends its running tasks as failed, readable on the other.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { pgTaskDirectory } from '../../src/db/postgres/shared/task-directory'
import { openPostgres } from '../../src/db/postgres/sql'
import { createFunction, createServer, createTool, createToolkit } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { post } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

const newDatabase = testDatabases()
const V = '2026-07-28'
const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } }

let a: TestApp
let b: TestApp
let slug: string
let url: string

/** Hit by the ticking tool while it runs: each hit is one more round of its loop. */
const ticks: string[] = []
const receiver = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(req) {
    ticks.push(req.url)
    return new Response('ok')
  },
})

beforeAll(async () => {
  url = await newDatabase()
  const env = { TOOLYARD_DATABASE_URL: url, TOOLYARD_MASTER_KEY: randomBytes(32).toString('base64') }
  ;[a, b] = await Promise.all([startTestApp(env), startTestApp(env)])
  const kit = (await createToolkit(a, 'shared-tasks')).id
  const tool = async (name: string, body: string) => {
    await createFunction(a, {
      name: `tasks.${name}`,
      runtime: 'javascript',
      code: `export default async (input, ctx) => {\n${body}\n}`,
      timeout_ms: 30_000,
    })
    await createTool(a, {
      toolkit_id: kit,
      name,
      description: name,
      function_name: `tasks.${name}`,
      task_support: 'optional',
    })
  }
  await tool('nap', `await ctx.sleep(input.ms || 0); return 'slept ' + (input.ms || 0)`)
  await tool(
    'confirm',
    `const r = await ctx.elicit({ message: 'Sure?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } })
return 'ok=' + r.content.ok`,
  )
  await tool('tick', `for (;;) { await ctx.fetch('http://127.0.0.1:' + input.port + '/'); await ctx.sleep(50) }`)
  slug = (await createServer(a, { name: 'tasks-srv', toolkits: [{ toolkit_id: kit }] })).slug
}, POSTGRES_START_TIMEOUT_MS)
afterAll(async () => {
  receiver.stop(true)
  await Promise.all([a?.stop(), b?.stop()])
})

/** A 2026-07-28 request to `app` on `server` with `key` (default: the test project's key); its JSON-RPC answer. */
async function send(
  app: TestApp,
  method: string,
  params: Record<string, unknown>,
  o: { key?: string; server?: string } = {},
): Promise<any> {
  const name = method === 'tools/call' ? params.name : params.taskId
  const res = await post(
    { base: app.base, apiKey: o.key ?? a.apiKey },
    o.server ?? slug,
    {
      jsonrpc: '2.0',
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': V,
          'io.modelcontextprotocol/clientCapabilities': { elicitation: {}, ...TASKS },
        },
      },
    },
    { headers: { 'mcp-protocol-version': V, 'mcp-method': method, 'mcp-name': String(name) } },
  )
  return { status: res.status, ...((await res.json()) as object) }
}
const start = async (name: string, args: Record<string, unknown>) => {
  const created = (await send(a, 'tools/call', { name, arguments: args })).result
  expect(created).toMatchObject({ resultType: 'task', status: 'working' })
  return created.taskId as string
}
const get = async (app: TestApp, taskId: string) => (await send(app, 'tasks/get', { taskId })).result
const reaches = (app: TestApp, taskId: string, status: string) =>
  waitFor(`task ${status} on ${app === a ? 'a' : 'b'}`, async () => {
    const t = await get(app, taskId)
    return t.status === status && t
  })

test('a task started on one instance is polled on the other: working, then its result', async () => {
  const taskId = await start('nap', { ms: 3000 })
  // Still running on a: b finds it in the directory.
  expect(await get(b, taskId)).toMatchObject({ resultType: 'complete', taskId, status: 'working', ttlMs: 300000 })
  const done = await reaches(b, taskId, 'completed')
  expect(done.result).toMatchObject({ content: [{ type: 'text', text: 'slept 3000' }] })
  expect(done).not.toHaveProperty('error')
  // Both answer the same.
  expect((await get(a, taskId)).result).toEqual(done.result)
})

test('its questions are read, and answered, through the other instance', async () => {
  const taskId = await start('confirm', {})
  const parked = await reaches(b, taskId, 'input_required')
  const [key, request] = Object.entries(parked.inputRequests)[0] as [string, any]
  expect(request).toMatchObject({ method: 'elicitation/create', params: { message: 'Sure?' } })
  const ack = await send(b, 'tasks/update', {
    taskId,
    inputResponses: { [key]: { action: 'accept', content: { ok: true } } },
  })
  expect(ack.result).toEqual({ resultType: 'complete' })
  expect((await reaches(b, taskId, 'completed')).result.content[0].text).toBe('ok=true')
})

test('cancelled through the other instance: the run on the first one stops', async () => {
  const before = ticks.length
  const taskId = await start('tick', { port: receiver.port })
  await waitFor('the task to run', () => ticks.length > before)
  expect((await send(b, 'tasks/cancel', { taskId })).result).toEqual({ resultType: 'complete' })
  expect((await get(b, taskId)).status).toBe('cancelled')
  // a holds the task: its own copy says cancelled once the cancellation reached it, and the loop no longer runs.
  await reaches(a, taskId, 'cancelled')
  await Bun.sleep(300)
  const settled = ticks.length
  await Bun.sleep(700)
  expect(ticks.length).toBe(settled)
  // Idempotent, on either instance.
  expect((await send(a, 'tasks/cancel', { taskId })).result).toEqual({ resultType: 'complete' })
  expect((await send(b, 'tasks/cancel', { taskId })).result).toEqual({ resultType: 'complete' })
  expect((await get(b, taskId)).status).toBe('cancelled')
})

test("another caller's and another project's requests never find the task", async () => {
  const taskId = await start('nap', { ms: 0 })
  await reaches(b, taskId, 'completed')
  const unknown = { code: -32602, message: `Invalid params: unknown task ${taskId}` }
  // Another key of the same project is another caller.
  const made = await a.api('/keys', { body: { name: 'second caller' } })
  expect(made.status).toBe(201)
  const otherKey: string = ((await made.json()) as { api_key: string }).api_key
  for (const app of [a, b])
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel'])
      expect((await send(app, method, { taskId }, { key: otherKey })).error).toEqual(unknown)
  // Another project's key does not reach this server at all (answered as a server that does not exist), and on its
  // own server the id is unknown.
  const other = await b.newProject('other tenant')
  const theirs = await createServer(b, { name: 'their server' }, other.apiKey)
  const refused = await send(b, 'tasks/get', { taskId }, { key: other.apiKey })
  expect(refused.error.message).toContain('unknown server')
  expect(refused).toEqual(await send(b, 'tasks/get', { taskId }, { server: 'no-such-server' }))
  for (const app of [a, b])
    expect((await send(app, 'tasks/get', { taskId }, { key: other.apiKey, server: theirs.slug })).error).toEqual(
      unknown,
    )
  // The owner still reads it, unchanged, and it was not cancelled by the attempts.
  expect(await get(b, taskId)).toMatchObject({ status: 'completed', result: { content: [{ text: 'slept 0' }] } })
})

test('a result that commits after a cancellation made elsewhere leaves the task cancelled', async () => {
  const db = openPostgres(url, { max: 1 })
  try {
    const directory = pgTaskDirectory(db, 'test')
    const at = new Date().toISOString()
    const id = crypto.randomUUID()
    await directory.created({ id, owner: 'key:x|srv', status: 'working', createdAt: at, lastUpdatedAt: at })
    expect(await directory.cancel(id, at)).toBe(true)
    expect(await directory.cancel(id, at)).toBe(false)
    await directory.updated(id, {
      status: 'completed',
      lastUpdatedAt: at,
      endedAt: Date.now(),
      result: { content: [] },
    })
    const found = await directory.lookup(id)
    expect(found).toMatchObject({ id, owner: 'key:x|srv', status: 'cancelled' })
    expect(found).not.toHaveProperty('result')
    await directory.removed(id)
    expect(await directory.lookup(id)).toBeNull()
  } finally {
    await db.close()
  }
})

test('an instance that stops ends the tasks it runs as failed, and the other instance says so', async () => {
  const created = (await send(b, 'tools/call', { name: 'nap', arguments: { ms: 60_000 } })).result
  expect(created).toMatchObject({ resultType: 'task', status: 'working' })
  expect((await get(a, created.taskId)).status).toBe('working')
  await b.stop()
  expect(await get(a, created.taskId)).toMatchObject({
    status: 'failed',
    error: { code: -32603, message: 'Internal error: the instance running the task stopped' },
  })
})
