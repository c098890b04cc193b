// HTTP functions against a real local server: verbatim templates, GET query, JSON bodies, non-2xx results.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createEgress } from '../../src/egress/client'
import { runHttpFunction } from '../../src/runtime/http-function'

interface Seen {
  method: string
  path: string
  query: Record<string, string[]>
  headers: Record<string, string>
  body: string
}

let server: ReturnType<typeof Bun.serve>
let base: string
let seen: Seen[] = []
const egress = createEgress({ allowPrivate: true })

beforeAll(() => {
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      const query: Record<string, string[]> = {}
      for (const [k, v] of url.searchParams) {
        query[k] ??= []
        query[k].push(v)
      }
      seen.push({
        method: req.method,
        path: url.pathname,
        query,
        headers: Object.fromEntries(req.headers),
        body: await req.text(),
      })
      if (url.pathname === '/missing') return new Response('no such thing '.repeat(100), { status: 404 })
      if (url.pathname === '/text') return new Response('plain words')
      return Response.json({ ok: true, nested: { n: 1 } })
    },
  })
  base = `http://127.0.0.1:${server.port}`
})
afterAll(() => server.stop(true))

const last = () => seen[seen.length - 1]!

describe('runHttpFunction', () => {
  test('templates render verbatim (no HTML escaping) in url, headers, query and body', async () => {
    seen = []
    await runHttpFunction({
      http: {
        url: `${base}/items/{{args.id}}`,
        method: 'POST',
        headers: { authorization: 'Bearer {{credentials.token}}', 'x-note': '{{args.note}}' },
        query: { q: '{{args.note}}' },
        body: 'note={{args.note}}&obj={{args.obj}}',
      },
      args: { id: 'a1', note: '<&"\'>', obj: { k: 'v' } },
      credentials: { token: 's3cr&t' },
      egress,
    })
    expect(last().path).toBe('/items/a1')
    expect(last().headers.authorization).toBe('Bearer s3cr&t')
    expect(last().headers['x-note']).toBe('<&"\'>')
    expect(last().query.q).toEqual(['<&"\'>'])
    expect(last().body).toBe('note=<&"\'>&obj={"k":"v"}')
  })

  test('GET without a body sends the arguments as the query string', async () => {
    seen = []
    const text = await runHttpFunction({
      http: { url: `${base}/search` },
      args: { q: 'a b&c', limit: 5, tags: ['x', 'y'] },
      egress,
    })
    expect(last().method).toBe('GET')
    expect(last().query).toEqual({ q: ['a b&c'], limit: ['5'], tags: ['x', 'y'] })
    expect(last().body).toBe('')
    expect(text).toEqual({ ok: true, value: JSON.stringify({ ok: true, nested: { n: 1 } }, null, 2) })
  })

  test('non-GET without a body sends the arguments as JSON', async () => {
    seen = []
    await runHttpFunction({ http: { url: `${base}/create`, method: 'put' }, args: { name: '<b>', n: 2 }, egress })
    expect(last().method).toBe('PUT')
    expect(last().headers['content-type']).toBe('application/json')
    expect(JSON.parse(last().body)).toEqual({ name: '<b>', n: 2 })
  })

  test('a JSON body template has its string leaves rendered', async () => {
    seen = []
    await runHttpFunction({
      http: { url: `${base}/j`, method: 'POST', body: { title: '{{args.t}}', fixed: 3 } },
      args: { t: 'A & B' },
      egress,
    })
    expect(JSON.parse(last().body)).toEqual({ title: 'A & B', fixed: 3 })
  })

  test('one spec run again renders each call its own values, in url, headers, query and JSON body', async () => {
    // Lookups hand out one spec object per function version: its templates are compiled once, rendered per call.
    const http = {
      url: `${base}/users/{{args.id}}`,
      method: 'POST' as const,
      headers: { 'x-user': '{{args.id}}', 'content-type': 'application/vnd.x+json' },
      query: { tag: '{{args.tag}}' },
      body: { user: { id: '{{args.id}}', tags: ['{{args.tag}}', 'fixed'] }, n: 1, none: null },
    }
    seen = []
    for (const [id, tag] of [
      ['a', 'x'],
      ['b/..', 'y z'],
    ])
      await runHttpFunction({ http, args: { id, tag }, egress })
    expect(seen.map((s) => [s.path, s.headers['x-user'], s.headers['content-type'], s.query.tag])).toEqual([
      ['/users/a', 'a', 'application/vnd.x+json', ['x']],
      ['/users/b%2F..', 'b/..', 'application/vnd.x+json', ['y z']],
    ])
    expect(seen.map((s) => JSON.parse(s.body))).toEqual([
      { user: { id: 'a', tags: ['x', 'fixed'] }, n: 1, none: null },
      { user: { id: 'b/..', tags: ['y z', 'fixed'] }, n: 1, none: null },
    ])
  })

  test('a JSON body template keeps a "__proto__" key as a field', async () => {
    seen = []
    const body = JSON.parse('{"__proto__": {"polluted": "{{args.v}}"}, "plain": "{{args.v}}"}')
    await runHttpFunction({ http: { url: `${base}/j`, method: 'POST', body }, args: { v: 'yes' }, egress })
    expect(last().body).toBe('{"__proto__":{"polluted":"yes"},"plain":"yes"}')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  test('a non-JSON 2xx body is returned as is', async () => {
    expect(await runHttpFunction({ http: { url: `${base}/text` }, args: {}, egress })).toEqual({
      ok: true,
      value: 'plain words',
    })
  })

  test('non-2xx is an http_status failure naming the status and the start of the body', async () => {
    const result = await runHttpFunction({ http: { url: `${base}/missing` }, args: {}, egress })
    if (result.ok) throw new Error('expected a failure')
    expect(result.kind).toBe('http_status')
    expect(result.message.startsWith('HTTP 404: no such thing')).toBe(true)
    expect(result.message.length).toBe('HTTP 404: '.length + 500)
  })

  test('the egress guard applies', async () => {
    await expect(
      runHttpFunction({ http: { url: `${base}/x` }, args: {}, egress: createEgress({ allowPrivate: false }) }),
    ).rejects.toThrow('egress refused')
  })
})
