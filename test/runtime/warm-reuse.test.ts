// Warm JavaScript (docs/functions.md, "Warm JavaScript"): a function version's evaluated module is reused by later calls
// of that function in that project with that credential; module state never reaches another function, project or
// credential, ctx is per call, `per_call` is fresh every time, and an error or a timeout drops the warm context.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ConfigError, flagsToEnv, loadConfig } from '../../src/config'
import { createEgress } from '../../src/egress/client'
import { detachedHost } from '../../src/runtime/host'
import { type FunctionSpec, runFunction } from '../../src/runtime/run-function'
import { createSandboxPool } from '../../src/runtime/sandbox-pool'
import { createFunction, createServer, createTool, createToolkit, json, serverDetail } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'

/** Keeps its input's tag and its credential in a global and in module state; answers what the previous call left. */
const STASH = `
let calls = 0
export default async (input, ctx) => {
  const before = globalThis.stash ?? null
  globalThis.stash = { tag: input.tag ?? null, secret: ctx.credentials?.api_key ?? null }
  calls++
  if (input.fail) throw new Error('failed on purpose')
  if (input.spin) for (;;) {}
  return { before, calls }
}`
/** Another function that looks for what STASH leaves behind. */
const PEEK = `export default async () => ({ stash: globalThis.stash ?? null, keys: Object.keys(globalThis).filter((k) => k === 'stash') })`

type Stash = { before: { tag: string | null; secret: string | null } | null; calls: number }

let app: TestApp
/** Two projects, each with a server whose tool `stash` maps a credential of its own; project A has a second server. */
const servers: Record<'a1' | 'a2' | 'b1', { id: string; key?: string }> = {} as never

async function setUpProject(key: string | undefined, prefix: string, secrets: string[]) {
  await createFunction(app, { name: 'stash', runtime: 'javascript', code: STASH }, key)
  await createFunction(app, { name: 'peek', runtime: 'javascript', code: PEEK }, key)
  const kit = await createToolkit(app, `${prefix}-kit`, key)
  const input = { type: 'object', properties: { tag: { type: 'string' }, fail: { type: 'boolean' }, spin: {} } }
  await createTool(
    app,
    { toolkit_id: kit.id, name: 'stash', function_name: 'stash', credential_provider: 'acme', input_schema: input },
    key,
  )
  await createTool(app, { toolkit_id: kit.id, name: 'peek', function_name: 'peek' }, key)
  const made = []
  for (const [i, secret] of secrets.entries()) {
    const cred = await json(
      await app.api('/credentials', {
        body: { name: `${prefix}-cred-${i}`, provider_id: 'api_key', credential_data: { api_key: secret } },
        key,
      }),
      201,
    )
    const server = await createServer(app, { name: `${prefix} server ${i}`, toolkits: [{ toolkit_id: kit.id }] }, key)
    const tool = (await serverDetail(app, server.id, key)).tools.find((t: { name: string }) => t.name === 'stash')
    await json(
      await app.api(`/servers/${server.id}/tools/${tool.id}`, {
        method: 'PATCH',
        body: { credential_id: cred.id },
        key,
      }),
      200,
    )
    made.push({ id: server.id, key })
  }
  return made
}

const callTool = async (where: { id: string; key?: string }, name: string, args: Record<string, unknown> = {}) => {
  const body = await json(
    await app.api('/tools/call', { body: { name, arguments: args, server_id: where.id }, key: where.key }),
    200,
  )
  return body as { content: { text: string }[]; isError: boolean; structuredContent?: unknown }
}
const stash = async (where: { id: string; key?: string }, args: Record<string, unknown>): Promise<Stash> => {
  const result = await callTool(where, 'stash', args)
  expect(result.isError).toBe(false)
  return JSON.parse(result.content[0]!.text) as Stash
}

beforeAll(async () => {
  // One worker: every call of the app lands on the same QuickJS instance, so a leak could not hide on another one.
  app = await startTestApp({ TOOLYARD_SANDBOX_WORKERS: '1' })
  const other = await app.newProject('warm-other')
  const [a1, a2] = await setUpProject(undefined, 'warm-a', ['sk-project-a-server-1', 'sk-project-a-server-2'])
  const [b1] = await setUpProject(other.apiKey, 'warm-b', ['sk-project-b-server-1'])
  Object.assign(servers, { a1, a2, b1 })
})

afterAll(async () => {
  await app.stop()
})

describe('warm reuse of a function version', () => {
  test('a later call of the same function, project and credential sees the module state the first one left', async () => {
    expect(await stash(servers.a1, { tag: 'a1-first' })).toEqual({ before: null, calls: 1 })
    expect(await stash(servers.a1, { tag: 'a1-second' })).toEqual({
      before: { tag: 'a1-first', secret: 'sk-project-a-server-1' },
      calls: 2,
    })
  })

  test('another project, another server (another credential) and another function never see it', async () => {
    // The same function name and code in project B, on the same worker: its own context.
    expect(await stash(servers.b1, { tag: 'b1-first' })).toEqual({ before: null, calls: 1 })
    // Project A's second server maps another credential: its own context too.
    expect(await stash(servers.a2, { tag: 'a2-first' })).toEqual({ before: null, calls: 1 })
    for (const where of [servers.a1, servers.a2, servers.b1]) {
      const peek = await callTool(where, 'peek')
      expect(JSON.parse(peek.content[0]!.text)).toEqual({ stash: null, keys: [] })
    }
    // Each kept its own state meanwhile.
    expect((await stash(servers.a1, { tag: 'a1-third' })).before).toEqual({
      tag: 'a1-second',
      secret: 'sk-project-a-server-1',
    })
    expect((await stash(servers.b1, { tag: 'b1-second' })).before).toEqual({
      tag: 'b1-first',
      secret: 'sk-project-b-server-1',
    })
    expect((await stash(servers.a2, { tag: 'a2-second' })).before).toEqual({
      tag: 'a2-first',
      secret: 'sk-project-a-server-2',
    })
  })

  test('a function that throws loses its warm context: the next call starts from a fresh module', async () => {
    expect((await stash(servers.a1, { tag: 'before-fail' })).calls).toBeGreaterThan(1)
    const failed = await callTool(servers.a1, 'stash', { tag: 'failing', fail: true })
    expect(failed.isError).toBe(true)
    expect(failed.content[0]!.text).toContain('failed on purpose')
    expect(await stash(servers.a1, { tag: 'after-fail' })).toEqual({ before: null, calls: 1 })
  })

  test('an edited function is another version: it starts fresh', async () => {
    expect((await stash(servers.b1, { tag: 'before-edit' })).calls).toBeGreaterThan(1)
    const fns = await json(await app.api('/functions', { key: servers.b1.key }), 200)
    const fn = fns.functions.find((f: { name: string }) => f.name === 'stash')
    await json(
      await app.api(`/functions/${fn.id}`, {
        method: 'PATCH',
        body: { code: `${STASH}\n// edited` },
        key: servers.b1.key,
      }),
      200,
    )
    expect(await stash(servers.b1, { tag: 'after-edit' })).toEqual({ before: null, calls: 1 })
  })
  test('isolation is a field of the function: "per_call" through the API makes every call fresh; others are 400', async () => {
    const fns = await json(await app.api('/functions', { key: servers.b1.key }), 200)
    const fn = fns.functions.find((f: { name: string }) => f.name === 'stash')
    expect(fn.isolation).toBe('warm')
    const bad = await app.api(`/functions/${fn.id}`, {
      method: 'PATCH',
      body: { isolation: 'shared' },
      key: servers.b1.key,
    })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toContain('body.isolation')
    const patched = await json(
      await app.api(`/functions/${fn.id}`, { method: 'PATCH', body: { isolation: 'per_call' }, key: servers.b1.key }),
      200,
    )
    expect(patched.isolation).toBe('per_call')
    for (const tag of ['p1', 'p2', 'p3']) expect(await stash(servers.b1, { tag })).toEqual({ before: null, calls: 1 })
    await json(
      await app.api(`/functions/${fn.id}`, { method: 'PATCH', body: { isolation: 'warm' }, key: servers.b1.key }),
      200,
    )
    // Back to warm: the same version's context may be reused again (same function, project and credential).
    await stash(servers.b1, { tag: 'w1' })
    expect((await stash(servers.b1, { tag: 'w2' })).before).toEqual({ tag: 'w1', secret: 'sk-project-b-server-1' })
  })
})

describe('at the runtime', () => {
  const pool = createSandboxPool({ size: 1, warmPerWorker: 4 })
  const egress = createEgress({ allowPrivate: false })
  const run = (fn: FunctionSpec, input: Record<string, unknown>, projectId = 'p-runtime', timeoutMs = 2_000) =>
    runFunction(
      { projectId, host: { ...detachedHost(new AbortController().signal), deadlineMs: timeoutMs } },
      fn,
      input,
      { pool, egress, queueLimit: 8, logBytes: 65_536 },
      { api_key: 'sk-runtime' },
    )
  afterAll(() => pool.shutdown())

  test('isolation "per_call" gets a fresh context every call', async () => {
    const fn: FunctionSpec = {
      name: 'fresh',
      id: 'fn-fresh',
      runtime: 'javascript',
      code: STASH,
      isolation: 'per_call',
    }
    for (const tag of ['one', 'two', 'three'])
      expect(await run(fn, { tag })).toEqual({ ok: true, value: { before: null, calls: 1 } })
  })

  test('a timeout drops the warm context; ctx is passed per call and never left on a global', async () => {
    const fn: FunctionSpec = { name: 'warm', id: 'fn-warm', runtime: 'javascript', code: STASH }
    expect(await run(fn, { tag: 'one' })).toEqual({ ok: true, value: { before: null, calls: 1 } })
    expect(await run(fn, { tag: 'two' })).toEqual({
      ok: true,
      value: { before: { tag: 'one', secret: 'sk-runtime' }, calls: 2 },
    })
    const spun = await run(fn, { tag: 'spin', spin: true }, 'p-runtime', 300)
    expect(spun).toMatchObject({ ok: false, kind: 'timeout' })
    expect(await run(fn, { tag: 'after' })).toEqual({ ok: true, value: { before: null, calls: 1 } })
    // What a warm context's globals hold after calls: only what the code itself put there.
    const look: FunctionSpec = {
      name: 'look',
      id: 'fn-look',
      runtime: 'javascript',
      code: `export default async (input, ctx) => Object.getOwnPropertyNames(globalThis).filter((k) => /ctx|credential|host|load|input/i.test(k))`,
    }
    expect(await run(look, {})).toEqual({ ok: true, value: [] })
    expect(await run(look, {})).toEqual({ ok: true, value: [] })
  })

  test('the same function id in another project is another context', async () => {
    const fn: FunctionSpec = { name: 'shared-name', id: 'fn-same', runtime: 'javascript', code: STASH }
    expect((await run(fn, { tag: 'x' }, 'p-one')).ok).toBe(true)
    expect(await run(fn, { tag: 'y' }, 'p-two')).toEqual({ ok: true, value: { before: null, calls: 1 } })
    expect(await run(fn, { tag: 'z' }, 'p-one')).toEqual({
      ok: true,
      value: { before: { tag: 'x', secret: 'sk-runtime' }, calls: 2 },
    })
  })
})

describe('ctx in a warm context', () => {
  /** Keeps the first call's ctx; each call reports its own ctx and, when asked, samples through the ctx it names. */
  const KEEP = `
let first
export default async (input, ctx) => {
  first ??= ctx
  const via = input.viaFirst ? first : ctx
  const sampled = input.sample ? await via.sample({ messages: [] }) : null
  return { keys: Object.keys(ctx), frozen: Object.isFrozen(ctx), same: first === ctx, sampled }
}`
  const pool = createSandboxPool({ size: 1 })
  afterAll(() => pool.shutdown())
  const base = detachedHost(new AbortController().signal)
  const withSample = (answer: string) => ({ ...base, sample: async () => ({ answer }) })
  const run = (host: ReturnType<typeof detachedHost>, input: Record<string, unknown> = {}) =>
    pool.run({ code: KEEP, input, host, project: 'p-ctx', warmKey: 'p-ctx\0fn\0v1' })

  test("each call's ctx lists that call's host functions, and a ctx kept from an earlier call reaches the current one", async () => {
    const one = (await run(withSample('one'), { sample: true })) as Record<string, unknown>
    expect(one).toEqual({
      keys: ['credentials', 'fetch', 'log', 'progress', 'sample', 'notifyListChanged', 'fail', 'sleep'],
      frozen: true,
      same: true,
      sampled: { answer: 'one' },
    })
    // The same warm context (the module kept `first`), a caller without sampling: no ctx.sample in this call's ctx.
    const two = (await run(base)) as Record<string, unknown>
    expect(two).toMatchObject({ same: false, frozen: true, sampled: null })
    expect(two.keys).toEqual(['credentials', 'fetch', 'log', 'progress', 'notifyListChanged', 'fail', 'sleep'])
    // The first call's ctx, used in a third call, samples through the third call's host, never the first's.
    expect(await run(withSample('three'), { sample: true, viaFirst: true })).toMatchObject({
      same: false,
      sampled: { answer: 'three' },
    })
  })
})

describe('TOOLYARD_SANDBOX_WARM_PER_WORKER', () => {
  test('defaults to 16; the flag and the variable set it (0 turns warm reuse off); bounds are named', () => {
    expect(loadConfig({}).sandboxWarmPerWorker).toBe(16)
    expect(loadConfig({ TOOLYARD_SANDBOX_WARM_PER_WORKER: '0' }).sandboxWarmPerWorker).toBe(0)
    expect(loadConfig(flagsToEnv(['--sandbox-warm-per-worker', '3'], {})).sandboxWarmPerWorker).toBe(3)
    for (const bad of ['-1', '257', 'lots'])
      expect(() => loadConfig({ TOOLYARD_SANDBOX_WARM_PER_WORKER: bad })).toThrow(ConfigError)
  })

  test('with 0, every call of a function starts from a fresh module', async () => {
    const pool = createSandboxPool({ size: 1, warmPerWorker: 0 })
    try {
      const run = () => pool.run({ code: STASH, input: { tag: 't' }, project: 'p-cold', warmKey: 'p-cold\0fn\0v1' })
      expect(await run()).toEqual({ before: null, calls: 1 })
      expect(await run()).toEqual({ before: null, calls: 1 })
    } finally {
      pool.shutdown()
    }
  })
})
