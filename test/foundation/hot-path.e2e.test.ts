// The hot path's shortcuts answer exactly as the full pipeline would: the protocol POST and REST tools/call taken by
// Bun's router directly (request id, metrics, body limit, every non-plain REST case handed to the app), tools/list
// pages served from their serialized form, and the call log written by its own thread, down to the last row at stop.
import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '../../src/config'
import { buildDeps } from '../../src/deps'
import { json, prebuiltToolkitId, serverWithToolkits } from '../helpers/api'
import { runCli, startServe, startTestApp, type TestApp, tempDirs } from '../helpers/app'
import { post } from '../helpers/mcp'

const ADMIN = 'admin-token-for-hot-path-0123456789'
let app: TestApp
const newDir = tempDirs()
let server: { id: string; slug: string }

beforeAll(async () => {
  app = await startTestApp({ TOOLYARD_ADMIN_TOKEN: ADMIN, TOOLYARD_RATE_LIMITS: '{"tools_call":8}' })
  server = await serverWithToolkits(app, 'hot', [await prebuiltToolkitId(app, 'utilities')])
})
afterAll(() => app.stop())

const rpc = (method: string, params: unknown = {}, headers: Record<string, string> = {}) =>
  post(app, server.slug, { jsonrpc: '2.0', id: 7, method, params }, { headers })
const restCall = (body: unknown, headers: Record<string, string> = {}, key: string | null = app.apiKey) =>
  fetch(`${app.base}/tools/call`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

describe('the protocol POST, answered by the router directly', () => {
  test('carries a request id (a valid incoming one is kept) and is counted under its route pattern', async () => {
    const fresh = await rpc('tools/call', { name: 'echo', arguments: { text: 'hi' } })
    expect(fresh.status).toBe(200)
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(((await fresh.json()) as any).result.content[0].text).toBe('hi')
    const kept = await rpc('ping', {}, { 'x-request-id': 'trace-abc.1' })
    expect(kept.headers.get('x-request-id')).toBe('trace-abc.1')
    const metrics = await (await fetch(`${app.base}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } })).text()
    expect(metrics).toMatch(/toolyard_http_requests_total\{route="\/mcp\/:slug",status="200"\} [1-9]/)
  })
})

describe('tools/list pages kept as JSON text', () => {
  test('every page is the same answer twice, and an empty cursor stays an error after the first page is kept', async () => {
    const first = await (await rpc('tools/list')).json()
    expect(await (await rpc('tools/list')).json()).toEqual(first)
    expect((first as any).result.tools.map((t: { name: string }) => t.name)).toContain('echo')
    const empty = (await (await rpc('tools/list', { cursor: '' })).json()) as any
    expect(empty.error.code).toBe(-32602)
    const odd = (await (await rpc('tools/list', { cursor: 42 })).json()) as any
    expect(odd.error.code).toBe(-32602)
  })
})

describe('REST tools/call, answered by the router directly in the plain case', () => {
  test('the plain case: the response schema exactly, with a request id and RateLimit headers', async () => {
    const res = await restCall({ name: 'echo', arguments: { text: 'rest' }, server_id: server.id })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-request-id')).toBeTruthy()
    expect(res.headers.get('ratelimit-limit')).toBe('8')
    expect(await res.json()).toEqual({ content: [{ type: 'text', text: 'rest' }], isError: false })
  })

  test('anything else gets the full pipeline answer: no key, an unknown field, another content type, bad JSON', async () => {
    expect((await restCall({ name: 'echo' }, {}, null)).status).toBe(401)
    const unknown = await json(await restCall({ name: 'echo', argumentz: {} }), 400)
    expect(unknown.code).toBe('validation_failed')
    expect(JSON.stringify(unknown.details)).toContain('body.argumentz')
    const text = await restCall('name=echo', { 'content-type': 'text/plain' })
    expect(text.status).toBeGreaterThanOrEqual(400)
    expect(text.status).toBeLessThan(500)
    const bad = await json(await restCall('{"name":'), 400)
    expect(bad.code).toBe('invalid_json')
    const unknownTool = await json(await restCall({ name: 'no_such_tool' }), 404)
    expect(unknownTool.request_id).toBeTruthy()
  })

  test('a request handed to the app keeps one request id and is counted once', async () => {
    const counted = async (status: number) => {
      const text = await (await fetch(`${app.base}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } })).text()
      const m = new RegExp(`toolyard_http_requests_total\\{route="/mcp/tools/call",status="${status}"\\} (\\d+)`).exec(
        text,
      )
      return Number(m?.[1] ?? 0)
    }
    const before = await counted(401)
    const noKey = await restCall({ name: 'echo' }, {}, null)
    expect(noKey.status).toBe(401)
    expect(((await noKey.json()) as { request_id: string }).request_id).toBe(noKey.headers.get('x-request-id')!)
    expect(await counted(401)).toBe(before + 1)
    // A body read here and given to the app again (a copy of the request) keeps the id too.
    const unknown = await restCall({ name: 'echo', argumentz: {} })
    expect(unknown.status).toBe(400)
    expect(((await unknown.json()) as { request_id: string }).request_id).toBe(unknown.headers.get('x-request-id')!)
  })

  test('the rate limit counts the calls of both paths together and answers 429 with Retry-After', async () => {
    let limited: Response | undefined
    for (let i = 0; i < 20 && !limited; i++) {
      const res = await restCall({ name: 'echo', arguments: { text: `n${i}` } })
      if (res.status === 429) limited = res
      else expect(res.status).toBe(200)
    }
    expect(limited).toBeDefined()
    expect(limited!.headers.get('retry-after')).toBeTruthy()
    expect(((await limited!.json()) as any).code).toBe('rate_limited')
  })
})

describe('the call log writer thread', () => {
  test('a server process writes every call, the last ones at SIGTERM', async () => {
    const dataDir = newDir()
    const apiKey = JSON.parse((await runCli(['keys', 'create', '--project', 'log', '--json'], dataDir)).stdout).api_key
    const other = { dataDir, apiKey }
    const proc = await startServe(dataDir, { TOOLYARD_RATE_LIMITS: 'off' })
    const slug = (
      await json(
        await fetch(`${proc.base}/servers`, {
          method: 'POST',
          headers: { 'x-api-key': other.apiKey, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'log', toolkits: [{ toolkit_id: 'prebuilt-utilities' }] }),
        }),
        201,
      )
    ).data.slug
    const calls = 37
    for (let i = 0; i < calls; i++) {
      const res = await fetch(`${proc.base}/${slug}`, {
        method: 'POST',
        headers: { 'x-api-key': other.apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'uuid', arguments: {} } }),
      })
      expect(res.status).toBe(200)
    }
    expect(await proc.stop()).toBe(0)
    const db = new Database(join(other.dataDir, 'toolyard.sqlite'), { readonly: true })
    try {
      const row = db.query<{ n: number }, []>(`SELECT COUNT(*) AS n FROM call_log WHERE name = 'uuid'`).get()
      expect(row?.n).toBe(calls)
    } finally {
      db.close()
    }
  })
})

describe('the database locks a server holds', () => {
  /** This process's POSIX locks on a file, from /proc/locks ("READ 128 128" and the like). */
  const locksOn = (path: string): string[] => {
    const inode = `:${statSync(path).ino} `
    return readFileSync('/proc/locks', 'utf8')
      .split('\n')
      .filter((line) => line.includes(` ${process.pid} `) && line.includes(inode))
      .map((line) => {
        const f = line.trim().split(/\s+/)
        return [f[3], ...f.slice(-2)].join(' ')
      })
  }

  test('a server on a data dir that already has a database keeps the -shm "in use" lock and its WAL lock', async () => {
    const dataDir = newDir()
    const config = loadConfig({ TOOLYARD_DATA_DIR: dataDir, TOOLYARD_LOG_LEVEL: 'silent' })
    const first = buildDeps(config, { background: false })
    await first.shutdown()
    first.close()
    // The database exists now: opening it makes its -shm at once, before the change signal maps the header.
    const deps = buildDeps(config, { background: false })
    try {
      const project = await deps.projects.projectOrCreate('locks')
      deps.callLog.observer.called({ kind: 'tool', projectId: project.id, name: 'x', outcome: 'ok', durationMs: 1 })
      await deps.callLog.flush() // the writer thread has its own connection open now
      const db = join(dataDir, 'toolyard.sqlite')
      // SQLite's dead man switch: a shared lock on byte 128 of the -shm while a connection is open. Without it the
      // next process to open the database re-initializes the -shm under this one.
      expect(locksOn(`${db}-shm`)).toContain('READ 128 128')
      expect(locksOn(db).length).toBeGreaterThan(0)
    } finally {
      await deps.shutdown()
      deps.close()
    }
  })
})
