// The egress guard and client: private addresses refused unless allowed, redirects re-checked, only http(s).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createEgress, EgressError } from '../../src/egress/client'
import { blockedKind } from '../../src/egress/guard'

let server: ReturnType<typeof Bun.serve>
let base: string

beforeAll(() => {
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      if (url.pathname === '/hello') return new Response(`hello ${req.method}`, { headers: { 'x-test': 'yes' } })
      if (url.pathname === '/redirect-private') return Response.redirect('http://10.1.2.3/secret', 302)
      if (url.pathname === '/redirect-local') return new Response(null, { status: 303, headers: { location: '/echo' } })
      if (url.pathname === '/echo')
        return Response.json({ method: req.method, auth: req.headers.get('authorization'), body: await req.text() })
      if (url.pathname === '/loop') return Response.redirect('/loop', 302)
      if (url.pathname === '/big') return new Response('x'.repeat(2048))
      if (url.pathname === '/slow') return Bun.sleep(1000).then(() => new Response('late'))
      return new Response('not found', { status: 404 })
    },
  })
  base = `http://127.0.0.1:${server.port}`
})
afterAll(() => server.stop(true))

async function refusal(promise: Promise<unknown>): Promise<EgressError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(EgressError)
  return error as EgressError
}

describe('address guard', () => {
  test('classifies private, loopback, link-local, CGNAT, metadata and mapped forms', () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '169.254.10.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
    ]) {
      expect(blockedKind(ip), ip).toBeDefined()
    }
    for (const ip of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(blockedKind(ip), ip).toBeUndefined()
    expect(blockedKind('169.254.169.254')).toBe('cloud metadata')
  })
})

describe('createEgress', () => {
  test('refuses a loopback server when private egress is off, with a message naming the setting', async () => {
    const error = await refusal(createEgress({ allowPrivate: false }).fetch(`${base}/hello`))
    expect(error.reason).toBe('refused')
    expect(error.message).toBe(
      'egress refused: 127.0.0.1 is a private address (loopback); set TOOLYARD_ALLOW_PRIVATE_EGRESS=true to allow',
    )
    const byName = await refusal(createEgress({ allowPrivate: false }).fetch(`http://localhost:${server.port}/hello`))
    expect(byName.message).toContain('localhost resolves to')
    for (const url of [
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0/',
    ]) {
      expect((await refusal(createEgress({ allowPrivate: false }).fetch(url))).reason).toBe('refused')
    }
  })

  test('reaches the server when private egress is allowed', async () => {
    const response = await createEgress({ allowPrivate: true }).fetch(`${base}/hello`, { method: 'POST', body: 'x' })
    expect(response.status).toBe(200)
    expect(response.text).toBe('hello POST')
    expect(response.headers.get('x-test')).toBe('yes')
  })

  test('non-2xx answers are returned, not thrown', async () => {
    const response = await createEgress({ allowPrivate: true }).fetch(`${base}/missing`)
    expect(response.status).toBe(404)
    expect(response.text).toBe('not found')
  })

  test('only http and https', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'gopher://example.com/', 'data:text/plain,hi']) {
      const error = await refusal(createEgress({ allowPrivate: true }).fetch(url))
      expect(error.message).toContain('only http and https')
    }
    expect((await refusal(createEgress({ allowPrivate: true }).fetch('not a url'))).message).toContain(
      'not a valid URL',
    )
  })

  test('redirects are followed by hand: 303 turns POST into GET, same-origin auth kept', async () => {
    const followed = await createEgress({ allowPrivate: true }).fetch(`${base}/redirect-local`, {
      method: 'POST',
      body: 'data',
      headers: { authorization: 'Bearer t' },
    })
    expect(followed.status).toBe(200)
    expect(followed.url).toBe(`${base}/echo`)
    expect(JSON.parse(followed.text)).toEqual({ method: 'GET', auth: 'Bearer t', body: '' })
  })

  test('redirect hops are re-checked: an allowed first hop redirecting to a private address is refused', async () => {
    // No public first hop is reachable offline: the operator allow-list admits the local server by name only.
    let calls = 0
    const upstream = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: () => {
        calls++
        return Response.redirect('http://192.168.0.10/admin', 302)
      },
    })
    try {
      const error = await refusal(
        createEgress({ allowPrivate: false, allowHosts: ['127.0.0.1'] }).fetch(`http://127.0.0.1:${upstream.port}/`),
      )
      expect(calls).toBe(1)
      expect(error.message).toContain('192.168.0.10 is a private address')
    } finally {
      upstream.stop(true)
    }
  })

  test('too many redirects, oversized bodies and timeouts fail with clear messages', async () => {
    const egress = createEgress({ allowPrivate: true, maxBodyBytes: 1024, timeoutMs: 200 })
    expect((await refusal(egress.fetch(`${base}/loop`))).message).toContain('more than 5 redirects')
    expect((await refusal(egress.fetch(`${base}/big`))).message).toContain('larger than')
    const slow = await refusal(egress.fetch(`${base}/slow`))
    expect(slow.reason).toBe('timeout')
    expect(slow.message).toContain('timed out after 200ms')
    const refused = await refusal(egress.fetch('http://127.0.0.1:1/'))
    expect(refused.reason).toBe('network')
  })
})
