// What the key-less authorization endpoint gives away: no redirect to a freshly registered (attacker's) URI before a
// person decided, the same consent page for any server slug (no project name, no existence hint), and one error for
// every failure of a client metadata document fetch, which always runs on the strict egress policy.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createServer as createTcpServer } from 'node:net'
import { createServer } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { authorizeUrl, registerClient } from '../helpers/oauth-grant'

const EVIL = 'https://evil.example/cb'
const CHALLENGE = 'x'.repeat(43)
let app: TestApp
let origin: string
let existing: { slug: string; url: string }
const PROJECT = 'zebra-unicorn-project'
let projectKey: string

beforeAll(async () => {
  // TOOLYARD_ALLOW_PRIVATE_EGRESS=true (the test default): functions may reach 127.0.0.1, the metadata fetch never.
  app = await startTestApp({ TOOLYARD_ALLOW_PRIVATE_EGRESS: 'true' })
  origin = app.server.origin
  projectKey = (await app.newProject(PROJECT)).apiKey
  existing = await createServer(app, { name: 'secret payroll' }, projectKey)
})
afterAll(async () => {
  await app.stop()
})

const attackerClient = async () => {
  const res = await registerClient(origin, [EVIL])
  expect(res.status).toBe(201)
  return ((await res.json()) as { client_id: string }).client_id
}

describe('no open redirect through open registration', () => {
  test('a crafted request of an attacker-registered client gets a 400 page, never a 302 to its URI', async () => {
    const clientId = await attackerClient()
    // The well-formed request shows the consent page: the errors below are of the request, not of the client.
    expect((await fetch(authorizeUrl(origin, clientId, existing.url, CHALLENGE, EVIL))).status).toBe(200)
    const good = new URL(authorizeUrl(origin, clientId, existing.url, CHALLENGE, EVIL))
    const crafted: Record<string, string | null>[] = [
      { response_type: 'token' },
      { code_challenge: null },
      { code_challenge_method: 'plain' },
      { resource: null },
      { resource: 'https://elsewhere.example/mcp/x' },
      { resource: `${origin}/mcp/no-such-server` },
    ]
    for (const change of crafted) {
      const u = new URL(good)
      for (const [k, v] of Object.entries(change)) v === null ? u.searchParams.delete(k) : u.searchParams.set(k, v)
      for (const res of [
        await fetch(u, { redirect: 'manual' }),
        await fetch(`${origin}/mcp/oauth/authorize`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ ...Object.fromEntries(u.searchParams), decision: 'approve', api_key: 'x' }),
          redirect: 'manual',
        }),
      ]) {
        expect(res.status === 302 ? res.headers.get('location') : 'no redirect').toBe('no redirect')
        expect(res.headers.get('location')).toBeNull()
        expect([200, 400]).toContain(res.status)
      }
    }
  })
})

describe('the consent form posted by another site', () => {
  test('a cross-site Deny (or Approve) is a 403 page, never a 302 to the registered URI; the page’s own post still redirects', async () => {
    const clientId = await attackerClient()
    const fields = Object.fromEntries(
      new URL(authorizeUrl(origin, clientId, existing.url, CHALLENGE, EVIL)).searchParams,
    )
    const post = (decision: string, headers: Record<string, string>) =>
      fetch(`${origin}/mcp/oauth/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ ...fields, decision, api_key: projectKey }),
        redirect: 'manual',
      })
    const foreign: Record<string, string>[] = [
      { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://attacker.example' },
    ]
    for (const headers of foreign) {
      for (const decision of ['deny', 'approve']) {
        const res = await post(decision, headers)
        expect(res.headers.get('location')).toBeNull()
        expect(res.status).toBe(403)
        expect(await res.text()).toContain('posted from another site')
      }
    }
    // The consent page's own post (no-referrer: Origin null) and a client that is not a browser.
    const own: Record<string, string>[] = [{ origin: 'null', 'sec-fetch-site': 'same-origin' }, {}]
    for (const headers of own) {
      const res = await post('deny', headers)
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toStartWith(EVIL)
    }
  })
})

describe('the consent page without a key', () => {
  const pageFor = async (slug: string) => {
    const clientId = await attackerClient()
    const res = await fetch(authorizeUrl(origin, clientId, `${origin}/mcp/${slug}`, CHALLENGE, EVIL), {
      redirect: 'manual',
    })
    return { status: res.status, html: (await res.text()).replaceAll(clientId, 'CLIENT').replaceAll(slug, 'SLUG') }
  }

  test('is the same page for an existing and an unknown slug, and never names the project', async () => {
    const known = await pageFor(existing.slug)
    const unknown = await pageFor('no-such-server-here')
    expect(known.status).toBe(200)
    expect(unknown).toEqual(known)
    expect(known.html).not.toContain(PROJECT)
    expect(known.html).not.toContain('secret payroll')
  })

  test('a key of another project: the same refusal for an existing and an unknown slug', async () => {
    const answers: string[] = []
    for (const slug of [existing.slug, 'no-such-server-here']) {
      const clientId = await attackerClient()
      const u = new URL(authorizeUrl(origin, clientId, `${origin}/mcp/${slug}`, CHALLENGE, EVIL))
      const res = await fetch(`${origin}/mcp/oauth/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...Object.fromEntries(u.searchParams), decision: 'approve', api_key: app.apiKey }),
        redirect: 'manual',
      })
      expect(res.status).toBe(200)
      answers.push((await res.text()).replaceAll(clientId, 'CLIENT').replaceAll(slug, 'SLUG'))
    }
    expect(answers[1]).toBe(answers[0]!)
    expect(answers[0]).toContain('not a valid key')
    expect(answers[0]).not.toContain(PROJECT)
  })
})

describe('the client metadata document fetch', () => {
  test('a listening HTTP server, an open non-HTTP port and a closed port on 127.0.0.1 give the same error', async () => {
    const http = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: (req) => Response.json({ client_id: req.url, redirect_uris: ['http://127.0.0.1:9/cb'] }),
    })
    const raw = createTcpServer((sock) => sock.end('SSH-2.0-OpenSSH_9.6\r\n'))
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r))
    const rawPort = (raw.address() as { port: number }).port
    const probe = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('') })
    const closedPort = probe.port
    probe.stop(true)
    try {
      const texts: string[] = []
      for (const port of [http.port, rawPort, closedPort]) {
        const clientId = `https://127.0.0.1:${port}/client.json`
        const u = new URL(authorizeUrl(origin, clientId, existing.url, CHALLENGE))
        u.searchParams.set('redirect_uri', 'http://127.0.0.1:9/cb')
        const res = await fetch(u, { redirect: 'manual' })
        expect(res.status).toBe(400)
        texts.push((await res.text()).replaceAll(String(port), 'PORT'))
      }
      expect(texts[0]).toContain('could not be read')
      expect(new Set(texts).size).toBe(1)
    } finally {
      http.stop(true)
      raw.close()
    }
  })
})
