// runFunction: each runtime end to end, and failures as {ok: false} outcomes naming why (never thrown).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createEgress } from '../../src/egress/client'
import { detachedHost, type FunctionHost } from '../../src/runtime/host'
import { type FunctionSpec, runFunction as runIn } from '../../src/runtime/run-function'
import { createSandboxPool } from '../../src/runtime/sandbox-pool'

let server: ReturnType<typeof Bun.serve>
let base: string
beforeAll(() => {
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (req) =>
      req.url.endsWith('/gone')
        ? new Response('gone for good', { status: 410 })
        : Response.json({ path: new URL(req.url).pathname, auth: req.headers.get('authorization') }),
  })
  base = `http://127.0.0.1:${server.port}`
})
afterAll(() => server.stop(true))

const host = detachedHost(new AbortController().signal)
const tenant = { projectId: 'p1', queueLimit: 32, logBytes: 4 * 1024 * 1024 }
const pool = createSandboxPool()
interface Setup {
  pool: typeof pool
  host: FunctionHost
  tenant: typeof tenant
  egress: ReturnType<typeof createEgress>
  credentials?: Record<string, unknown>
}
/** A run in a request context of project `tenant.projectId` with `host`, over this file's pool and egress. */
const runFunction = (fn: FunctionSpec, input: Record<string, unknown>, s: Setup) =>
  runIn(
    { projectId: s.tenant.projectId, host: s.host },
    fn,
    input,
    { pool: s.pool, egress: s.egress, queueLimit: s.tenant.queueLimit, logBytes: s.tenant.logBytes },
    s.credentials,
  )
const open = { pool, host, tenant, egress: createEgress({ allowPrivate: true }) }
const closed = { pool, host, tenant, egress: createEgress({ allowPrivate: false }) }

describe('runFunction', () => {
  test('javascript: the value as is, ctx.fetch through egress with the credentials', async () => {
    const fn = {
      name: 'f',
      runtime: 'javascript' as const,
      code: `export default async (input, ctx) => (await ctx.fetch('${base}/p', { headers: { authorization: ctx.credentials.k } })).json()`,
    }
    expect(await runFunction(fn, {}, { ...open, credentials: { k: 'key' } })).toEqual({
      ok: true,
      value: { path: '/p', auth: 'key' },
    })
  })

  test('javascript: errors, timeouts and egress refusals are failures of their kind', async () => {
    const thrown = await runFunction(
      { name: 'f', runtime: 'javascript', code: 'export default async () => { throw new Error("nope") }' },
      {},
      open,
    )
    expect(thrown).toEqual({ ok: false, kind: 'error', message: 'nope (line 1)' })
    const slow = await runFunction(
      { name: 'f', runtime: 'javascript', code: 'export default async () => { for (;;) {} }', timeout_ms: 100 },
      {},
      open,
    )
    expect(slow).toEqual({ ok: false, kind: 'timeout', message: 'timed out after 100ms' })
    const refused = await runFunction(
      { name: 'f', runtime: 'javascript', code: `export default async (i, ctx) => ctx.fetch('${base}/x')` },
      {},
      closed,
    )
    expect(refused.ok).toBe(false)
    expect(!refused.ok && refused.message).toContain('egress refused: 127.0.0.1 is a private address')
  })

  test('javascript: log and progress reach the caller’s host; a cancelled caller ends the call', async () => {
    const seen: string[] = []
    const listening: FunctionHost = {
      signal: new AbortController().signal,
      log: (level, message) => seen.push(`${level}:${message}`),
      progress: (p, total) => seen.push(`progress:${p}/${total}`),
    }
    const code = `export default async (i, ctx) => { ctx.log('notice', 'hi'); ctx.progress(1, 2); return 'ok' }`
    expect(await runFunction({ name: 'f', runtime: 'javascript', code }, {}, { ...open, host: listening })).toEqual({
      ok: true,
      value: 'ok',
    })
    expect(seen).toEqual(['notice:hi', 'progress:1/2'])
    const controller = new AbortController()
    const looping = runFunction(
      { name: 'f', runtime: 'javascript', code: 'export default async () => { for (;;) {} }' },
      {},
      { ...open, host: detachedHost(controller.signal) },
    )
    setTimeout(() => controller.abort(), 50)
    expect(await looping).toEqual({ ok: false, kind: 'aborted', message: 'canceled' })
  })

  test('http: 2xx text, non-2xx an http_status failure, egress refusal surfaced', async () => {
    const ok = await runFunction(
      { name: 'h', runtime: 'http', http: { url: `${base}/u/{{args.id}}` } },
      { id: 'z' },
      open,
    )
    expect(ok.ok).toBe(true)
    expect(JSON.parse((ok as { value: string }).value)).toEqual({ path: '/u/z', auth: null })
    expect(await runFunction({ name: 'h', runtime: 'http', http: { url: `${base}/gone` } }, {}, open)).toEqual({
      ok: false,
      kind: 'http_status',
      message: 'HTTP 410: gone for good',
    })
    const refused = await runFunction({ name: 'h', runtime: 'http', http: { url: `${base}/u` } }, {}, closed)
    expect(refused.ok).toBe(false)
    expect(!refused.ok && refused.message).toContain('TOOLYARD_ALLOW_PRIVATE_EGRESS')
  })

  test('builtin: echo, and an unknown builtin is a failure', async () => {
    expect(await runFunction({ name: 'builtin.utilities.echo', runtime: 'builtin' }, { text: 'a<b' }, open)).toEqual({
      ok: true,
      value: 'a<b',
    })
    expect(await runFunction({ name: 'builtin.nope', runtime: 'builtin' }, {}, open)).toEqual({
      ok: false,
      kind: 'error',
      message: 'unknown built-in function: builtin.nope',
    })
  })

  test('http: every value in the URL template is encoded; a value cannot add a path segment or climb one', async () => {
    const seen: string[] = []
    const receiver = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: (req) => {
        seen.push(req.url.slice(req.url.indexOf('/', 'http://'.length)))
        return new Response('ok')
      },
    })
    try {
      const url = `http://127.0.0.1:${receiver.port}/repos/{{args.owner}}/{{args.repo}}/n/{{args.n}}?ref={{{args.ref}}}`
      const args = { owner: '../admin', repo: 'a b?c#d/e', n: 5, ref: 'x&y=z' }
      // GET would add the arguments as query parameters too; POST sends them as the body.
      const out = await runFunction({ name: 'h', runtime: 'http', http: { url, method: 'POST' } }, args, open)
      expect(out).toEqual({ ok: true, value: 'ok' })
      expect(seen).toEqual(['/repos/..%2Fadmin/a%20b%3Fc%23d%2Fe/n/5?ref=x%26y%3Dz'])
      for (const owner of ['..', '.', '%2e%2e', '.%2E']) {
        const climbed = await runFunction({ name: 'h', runtime: 'http', http: { url } }, { ...args, owner }, open)
        expect(climbed).toMatchObject({ ok: false, kind: 'error', message: expect.stringContaining('path segment') })
      }
      const host = `http://{{args.sub}}.localhost:${receiver.port}/x`
      const moved = await runFunction({ name: 'h', runtime: 'http', http: { url: host } }, { sub: 'evil.com/' }, open)
      expect(moved).toMatchObject({ ok: false, message: expect.stringContaining('cannot go in a host') })
      expect(seen.length).toBe(1)
    } finally {
      receiver.stop(true)
    }
  })
})
