// Egress: the connection goes to the address that was checked (no second lookup to rebind), IPv6 forms that embed an
// IPv4 address are judged by it, and a redirect to another origin carries no credential or template header.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { createEgress, EgressError } from '../../src/egress/client'
import { blockedKind } from '../../src/egress/guard'
import { ROOT } from '../helpers/app'

interface Seen {
  host: string | null
  headers: Record<string, string>
}

function recorder(redirectTo?: () => string) {
  const seen: Seen[] = []
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      const url = new URL(req.url)
      seen.push({ host: req.headers.get('host'), headers: Object.fromEntries(req.headers) })
      if (url.pathname === '/away' && redirectTo) return Response.redirect(redirectTo(), 302)
      if (url.pathname === '/here') return Response.redirect('/landed', 302)
      return new Response(`hello from ${url.pathname}`)
    },
  })
  return { seen, server, port: server.port, stop: () => server.stop(true) }
}

describe('DNS rebinding', () => {
  const target = recorder()
  afterAll(() => target.stop())

  test('the host name is resolved once per hop and the connection goes to that address, Host kept', async () => {
    const asked: string[] = []
    // A resolver that answers differently each time, as a rebinding DNS server does.
    const answers = ['127.0.0.1', '10.66.66.66', '169.254.169.254']
    const egress = createEgress({
      allowPrivate: true,
      lookup: async (host) => {
        asked.push(host)
        return [{ address: answers[asked.length - 1] ?? '10.0.0.1' }]
      },
    })
    const res = await egress.fetch(`http://rebind.test:${target.port}/pinned`, { timeoutMs: 3000 })
    expect(res.status).toBe(200)
    expect(res.text).toBe('hello from /pinned')
    expect(res.url).toBe(`http://rebind.test:${target.port}/pinned`)
    expect(asked).toEqual(['rebind.test'])
    expect(target.seen.at(-1)?.host).toBe(`rebind.test:${target.port}`)
  })

  test('with the guard on, a name checked as public is not reached at a private address on a second lookup', async () => {
    const before = target.seen.length
    let lookups = 0
    const egress = createEgress({
      allowPrivate: false,
      // First answer: a public (documentation) address; any later answer: the loopback server above.
      lookup: async () => [{ address: lookups++ === 0 ? '192.0.2.10' : '127.0.0.1' }],
    })
    const error = await egress.fetch(`http://rebind.test:${target.port}/secret`, { timeoutMs: 400 }).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(EgressError)
    expect(lookups).toBe(1)
    expect(target.seen.length).toBe(before)
  })

  test('a name that resolves to a private address is refused before any connection', async () => {
    const egress = createEgress({ allowPrivate: false, lookup: async () => [{ address: '::ffff:0:7f00:1' }] })
    const error = (await egress.fetch('http://sneaky.test/').catch((e: unknown) => e)) as EgressError
    expect(error).toBeInstanceOf(EgressError)
    expect(error.message).toContain('sneaky.test resolves to ::ffff:0:7f00:1')
  })
})

describe('https to the pinned address', () => {
  // A self-signed certificate for pinned.test only (fixtures/, valid for 100 years), trusted by a child process
  // through NODE_EXTRA_CA_CERTS: the egress client itself takes no custom CA.
  const certPath = join(import.meta.dir, 'fixtures/pinned-test.crt')

  test('the TLS server name is the host name: its certificate is accepted, another name’s is not', async () => {
    const tls = { cert: Bun.file(certPath), key: Bun.file(join(import.meta.dir, 'fixtures/pinned-test.key')) }
    const server = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      tls,
      fetch: (req) => new Response(`host=${req.headers.get('host')}`),
    })
    try {
      const script = `
        import { createEgress } from ${JSON.stringify(join(ROOT, 'src/egress/client.ts'))}
        const egress = createEgress({ allowPrivate: true, lookup: async () => [{ address: '127.0.0.1' }] })
        const ok = await egress.fetch('https://pinned.test:${server.port}/')
        const other = await egress.fetch('https://other.test:${server.port}/').then(() => 'reached', (e) => e.message)
        console.log(JSON.stringify({ status: ok.status, text: ok.text, other }))`
      const child = Bun.spawn([process.execPath, '-e', script], {
        cwd: ROOT,
        env: { ...process.env, NODE_EXTRA_CA_CERTS: certPath },
        stdout: 'pipe',
        stderr: 'pipe',
      })
      const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()])
      expect(await child.exited, err).toBe(0)
      const result = JSON.parse(out.trim().split('\n').pop()!)
      expect(result.status).toBe(200)
      expect(result.text).toBe(`host=pinned.test:${server.port}`)
      expect(result.other).toContain('ALTNAME')
    } finally {
      server.stop(true)
    }
  })
})

describe('IPv6 forms that embed IPv4', () => {
  test('mapped, translated, compatible, NAT64 (well-known and local-use) and 6to4 forms are judged by their IPv4', () => {
    const blocked = {
      '::ffff:0:7f00:1': 'loopback', // ::ffff:0:0/96 (SIIT)
      '::ffff:0:a00:1': 'private network',
      '::ffff:7f00:1': 'loopback', // ::ffff:0:0/96 mapped
      '64:ff9b::7f00:1': 'loopback',
      '64:ff9b:1::7f00:1': 'loopback', // 64:ff9b:1::/48
      '64:ff9b:1::a9fe:a9fe': 'cloud metadata',
      '2002:a9fe:a9fe::': 'cloud metadata', // 2002::/16
      '::7f00:1': 'loopback', // ::/96
      '::10.0.0.1': 'private network',
    }
    for (const [ip, kind] of Object.entries(blocked)) expect(blockedKind(ip), ip).toBe(kind)
    for (const ip of ['::ffff:0:808:808', '64:ff9b:1::808:808', '2002:808:808::', '64:ff9b::101:101'])
      expect(blockedKind(ip), ip).toBeUndefined()
  })

  test('a URL naming such an address is refused', async () => {
    const egress = createEgress({ allowPrivate: false })
    for (const host of ['[::ffff:0:7f00:1]', '[64:ff9b:1::7f00:1]']) {
      const error = (await egress.fetch(`http://${host}/`).catch((e: unknown) => e)) as EgressError
      expect(error).toBeInstanceOf(EgressError)
      expect(error.reason).toBe('refused')
    }
  })
})

describe('redirects to another origin', () => {
  const other = recorder()
  const first = recorder(() => `http://127.0.0.1:${other.port}/elsewhere`)
  let egress: ReturnType<typeof createEgress>
  beforeAll(() => {
    egress = createEgress({ allowPrivate: true })
  })
  afterAll(() => {
    first.stop()
    other.stop()
  })

  const sent = {
    accept: 'application/json',
    'accept-language': 'en',
    'content-type': 'application/json',
    'user-agent': 'toolyard-test',
    authorization: 'Bearer secret-1',
    cookie: 'session=secret-2',
    'x-api-key': 'secret-3',
    'private-token': 'secret-4',
    'x-auth-token': 'secret-5',
    'x-custom-from-template': 'secret-6',
  }

  test('keep only accept, accept-language, content-type and user-agent', async () => {
    const res = await egress.fetch(`http://127.0.0.1:${first.port}/away`, { headers: sent })
    expect(res.text).toBe('hello from /elsewhere')
    const got = other.seen.at(-1)!.headers
    for (const name of ['accept', 'accept-language', 'content-type', 'user-agent'])
      expect(got[name], name).toBe(sent[name as keyof typeof sent])
    const leaked = Object.entries(got).filter(([, v]) => v.includes('secret-'))
    expect(leaked).toEqual([])
  })

  test('a redirect within the origin keeps every header', async () => {
    const res = await egress.fetch(`http://127.0.0.1:${first.port}/here`, { headers: sent })
    expect(res.text).toBe('hello from /landed')
    const got = first.seen.at(-1)!.headers
    expect(got['x-api-key']).toBe('secret-3')
    expect(got['private-token']).toBe('secret-4')
  })
})
