// The two caps on MCP sessions (README, TOOLYARD_MAX_SESSIONS_PER_KEY and TOOLYARD_MAX_SESSIONS): past either, the
// least recently used session ends and its next request answers 404, so the client initialises again (the
// Streamable HTTP transport's rule for a session the server no longer knows). Runs on both backends.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { serverWithToolkits } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { openSession, post } from '../helpers/mcp'

let app: TestApp
let slug: string

beforeAll(async () => {
  app = await startTestApp({ TOOLYARD_MAX_SESSIONS_PER_KEY: '2', TOOLYARD_MAX_SESSIONS: '4' })
  slug = (await serverWithToolkits(app, 'capped', [])).slug
})
afterAll(() => app.stop())

const ping = (headers: Record<string, string>, key?: string) =>
  post(app, slug, { jsonrpc: '2.0', id: 1, method: 'ping' }, { headers, ...(key ? { key } : {}) })

async function secondKey(): Promise<string> {
  const res = await app.api('/keys', { body: { name: 'second caller' } })
  expect(res.status).toBe(201)
  return ((await res.json()) as { api_key: string }).api_key
}

describe('sessions per key (TOOLYARD_MAX_SESSIONS_PER_KEY)', () => {
  test('the initialize past the per-key cap succeeds and ends that key’s least recently used session (404 next)', async () => {
    const a = await openSession(app, slug)
    const b = await openSession(app, slug)
    // a is used again: b is now this key's least recently used session.
    expect((await ping(a.headers)).status).toBe(200)
    const c = await openSession(app, slug)
    const gone = await ping(b.headers)
    expect(gone.status).toBe(404)
    expect(((await gone.json()) as { error: { message: string } }).error.message).toContain('initialize')
    expect((await ping(a.headers)).status).toBe(200)
    expect((await ping(c.headers)).status).toBe(200)
    // The key's sessions never pass the cap: a and c are its two.
    const mine = [...app.server.deps.mcpSessions.all()].filter((s) => s.id === a.sessionId || s.id === c.sessionId)
    expect(mine.length).toBe(2)
  })

  test('the cap is per key: another key’s initialize ends none of this key’s sessions', async () => {
    const other = await secondKey()
    const a = await openSession(app, slug)
    const b = await openSession(app, slug)
    await openSession(app, slug, '2025-11-25', {}, other)
    await openSession(app, slug, '2025-11-25', {}, other)
    expect((await ping(a.headers)).status).toBe(200)
    expect((await ping(b.headers)).status).toBe(200)
  })
})

describe('sessions in all (TOOLYARD_MAX_SESSIONS)', () => {
  test('a session evicted past the global cap answers 404 and the client initialises again', async () => {
    const keys = [await secondKey(), await secondKey()]
    // Two keys, two sessions each: four sessions fill the instance; the oldest is the first key's first.
    const first = await openSession(app, slug, '2025-11-25', {}, keys[0]!)
    await openSession(app, slug, '2025-11-25', {}, keys[0]!)
    await openSession(app, slug, '2025-11-25', {}, keys[1]!)
    await openSession(app, slug, '2025-11-25', {}, keys[1]!)
    await openSession(app, slug)
    expect(app.server.deps.mcpSessions.size()).toBeLessThanOrEqual(4)
    const gone = await ping(first.headers, keys[0])
    expect(gone.status).toBe(404)
    // What a client does on 404: a new initialize, whose session then works.
    const again = await openSession(app, slug, '2025-11-25', {}, keys[0]!)
    expect(again.sessionId).not.toBe(first.sessionId)
    expect((await ping(again.headers, keys[0])).status).toBe(200)
  })
})
