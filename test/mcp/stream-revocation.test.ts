// Open streams end when their caller's key or OAuth grant is revoked: a session's GET stream (API key), a
// subscriptions/listen stream (OAuth access token), and, through the periodic re-check, a revocation this process
// did not make (written to the database directly, as the CLI in another process does). Raw fetch reading SSE.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { json, serverWithToolkits } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { openSession } from '../helpers/mcp'
import { obtainTokens } from '../helpers/oauth-grant'

const BOUND_MS = 10_000
let app: TestApp
let slug: string
let resource: string

beforeAll(async () => {
  // The default re-check (30 s) is past the bound below: these streams end by the revocation event itself.
  app = await startTestApp()
  const s = await serverWithToolkits(app, 'streams', [])
  slug = s.slug
  resource = s.url
})
afterAll(async () => {
  await app.stop()
})

/** Reads a stream until it ends; 'ended' with the text read, or 'still open' after the bound. */
async function untilEnd(res: Response): Promise<{ state: 'ended' | 'still open'; text: string }> {
  const reader = res.body!.getReader()
  let text = ''
  const deadline = Date.now() + BOUND_MS
  const timeout = Symbol('timeout')
  while (Date.now() < deadline) {
    const next = await Promise.race([reader.read(), Bun.sleep(deadline - Date.now()).then(() => timeout)])
    if (next === timeout) break
    const { value, done } = next as ReadableStreamReadResult<Uint8Array>
    if (done) return { state: 'ended', text }
    text += new TextDecoder().decode(value)
  }
  await reader.cancel()
  return { state: 'still open', text }
}

const newKey = async (name: string, a = app) => json(await a.api('/keys', { body: { name } }), 201)

const getStream = async (key: string, a = app, s = slug) => {
  const { headers } = await openSession(a, s, '2025-11-25', {}, key)
  const res = await fetch(`${a.base}/${s}`, { headers: { ...headers, accept: 'text/event-stream', 'x-api-key': key } })
  expect(res.status).toBe(200)
  return res
}

describe('streams end with their credential', () => {
  test('revoking the key ends its session GET stream; another key’s stream stays open', async () => {
    const doomed = await newKey('doomed')
    const stream = await getStream(doomed.api_key)
    const other = await getStream(app.apiKey)
    expect((await app.api(`/keys/${doomed.id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await untilEnd(stream)).state).toBe('ended')
    // The bystander: still open after a periodic re-check or two.
    const reader = other.body!.getReader()
    const first = await reader.read()
    expect(first.done).toBe(false)
    await Bun.sleep(300)
    const race = await Promise.race([reader.read().then((r) => (r.done ? 'ended' : 'data')), Bun.sleep(200)])
    expect(race === 'ended').toBe(false)
    await reader.cancel()
  }, 30_000)

  test('revoking the OAuth grant ends its subscriptions/listen stream with an error naming why', async () => {
    const t = await obtainTokens(app.server.origin, resource, app.apiKey)
    const res = await fetch(resource, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${t.access}`,
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'subscriptions/listen',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'subscriptions/listen',
        params: {
          notifications: { toolsListChanged: true },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const grant = (await json(await app.api('/oauth/clients'), 200)).clients.find(
      (c: { client_id: string }) => c.client_id === t.clientId,
    )
    expect((await app.api(`/oauth/clients/${grant.id}`, { method: 'DELETE' })).status).toBe(200)
    const end = await untilEnd(res)
    expect(end.state).toBe('ended')
    expect(end.text).toContain('revoked')
  }, 30_000)

  test('a revocation from outside this process (straight to the database) is found by the periodic re-check', async () => {
    const quick = await startTestApp({ TOOLYARD_STREAM_RECHECK_S: '1' })
    try {
      const s = await serverWithToolkits(quick, 'streams elsewhere', [])
      const doomed = await newKey('revoked elsewhere', quick)
      const stream = await getStream(doomed.api_key, quick, s.slug)
      await quick.sql('UPDATE api_keys SET revoked_at = $at WHERE id = $id', {
        at: new Date().toISOString(),
        id: doomed.id,
      })
      expect((await untilEnd(stream)).state).toBe('ended')
    } finally {
      await quick.stop()
    }
  }, 30_000)
})
