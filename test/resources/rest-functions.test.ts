// REST: function and dynamic resources run a project function; function results are cached, dynamic ones never.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { waitFor } from '../helpers/poll'
import { type ResourceFixture, resourceFixture } from '../helpers/resources'

let f: ResourceFixture
let counter: ReturnType<typeof Bun.serve>
let hits = 0

beforeAll(async () => {
  f = await resourceFixture()
  // Each call of the function fetches this counter, so its hits count the function's invocations.
  counter = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => Response.json({ n: ++hits }) })
  const fn = (name: string, code: string) => f.app.api('/functions', { body: { name, runtime: 'javascript', code } })
  const created = await Promise.all([
    fn(
      'counted',
      `export default async (input, ctx) => { const r = await ctx.fetch('http://127.0.0.1:${counter.port}/'); const { n } = await r.json(); return 'call ' + n + ' for ' + input.uri + ' ' + JSON.stringify(input.params) }`,
    ),
    fn('as-json', 'export default async (input) => ({ id: input.params.id, ok: true, list: [1, 2] })'),
    fn(
      'as-blob',
      `export default async () => ({ blob: '${Buffer.from('PNGDATA').toString('base64')}', mimeType: 'image/png' })`,
    ),
    fn('throws', "export default async () => { throw new Error('the source is broken') }"),
  ])
  for (const r of created) expect(r.status).toBe(201)
})
afterAll(async () => {
  counter.stop(true)
  await f.app.stop()
})

const text = async (uri: string) => {
  const r = await f.read(uri)
  expect(r.status).toBe(200)
  return r.body.contents[0].text as string
}

describe('function resources', () => {
  test('are cached for cache_ttl_seconds, then read again', async () => {
    await f.create({
      name: 'Cached',
      uri: 'fn://cached',
      resource_type: 'function',
      function_name: 'counted',
      cache_ttl_seconds: 1,
    })
    const before = hits
    const first = await text('fn://cached')
    expect(first).toBe(`call ${before + 1} for fn://cached {}`)
    expect(await text('fn://cached')).toBe(first)
    expect(hits).toBe(before + 1)
    // After the ttl the function runs again (polled, no timing assumptions).
    await waitFor('a read after the ttl', async () => (await text('fn://cached')) !== first)
    expect(hits).toBeGreaterThan(before + 1)
  })

  test('the cache key includes the template values; an update drops the cache', async () => {
    const created = await f.create({
      name: 'Per item',
      uri: 'fn://items/{id}',
      resource_type: 'function',
      function_name: 'counted',
      cache_ttl_seconds: 3600,
    })
    const a = await text('fn://items/a')
    const b = await text('fn://items/b')
    expect(a).toContain('for fn://items/a {"id":"a"}')
    expect(b).toContain('for fn://items/b {"id":"b"}')
    expect(a).not.toBe(b)
    expect(await text('fn://items/a')).toBe(a)

    await f.app.api(`/resources/${created.body.id}`, { method: 'PATCH', body: { description: 'changed' } })
    expect(await text('fn://items/a')).not.toBe(a)
  })

  test('a change of the function’s code drops the cached read: the next read runs the new code', async () => {
    const fn = await f.app.api('/functions', {
      body: { name: 'versioned', runtime: 'javascript', code: 'export default async () => "v1"' },
    })
    expect(fn.status).toBe(201)
    const { id } = await fn.json()
    await f.create({
      name: 'Versioned',
      uri: 'fn://versioned',
      resource_type: 'function',
      function_name: 'versioned',
      cache_ttl_seconds: 3600,
    })
    expect(await text('fn://versioned')).toBe('v1')
    expect(await text('fn://versioned')).toBe('v1')
    const patched = await f.app.api(`/functions/${id}`, {
      method: 'PATCH',
      body: { code: 'export default async () => "v2"' },
    })
    expect(patched.status).toBe(200)
    expect(await text('fn://versioned')).toBe('v2')
  })

  test('markResourceChanged drops the cached read', async () => {
    await f.create({
      name: 'Marked',
      uri: 'fn://marked',
      resource_type: 'function',
      function_name: 'counted',
      cache_ttl_seconds: 3600,
    })
    const first = await text('fn://marked')
    expect(await text('fn://marked')).toBe(first)
    expect(await f.app.server.deps.resources.markResourceChanged(f.app.projectId, 'fn://marked')).toBe(true)
    expect(await text('fn://marked')).not.toBe(first)
  })

  test('non-string values become JSON text; {blob, mimeType} becomes a blob', async () => {
    await f.create({
      name: 'Json',
      uri: 'fn://json/{id}',
      resource_type: 'function',
      function_name: 'as-json',
      mime_type: 'application/json',
    })
    await f.create({ name: 'Blob', uri: 'fn://blob', resource_type: 'function', function_name: 'as-blob' })
    const json = await f.read('fn://json/7')
    expect(json.body.contents).toEqual([
      { uri: 'fn://json/7', mimeType: 'application/json', text: '{"id":"7","ok":true,"list":[1,2]}' },
    ])
    const blob = await f.read('fn://blob')
    expect(blob.body.contents).toEqual([
      { uri: 'fn://blob', mimeType: 'image/png', blob: Buffer.from('PNGDATA').toString('base64') },
    ])
  })

  test('a failing function is a clear 502; a missing one a clear error naming it', async () => {
    await f.create({ name: 'Broken', uri: 'fn://broken', resource_type: 'function', function_name: 'throws' })
    const broken = await f.read('fn://broken')
    expect(broken.status).toBe(502)
    expect(broken.body.error).toContain('the source is broken')
    // A function deleted (with force: it was in use) after the resource was made.
    const created = await f.app.api('/functions', {
      body: { name: 'no-such-function', runtime: 'javascript', code: 'export default async () => "x"' },
    })
    expect(created.status).toBe(201)
    const doomed = (await created.json()) as { id: string }
    await f.create({
      name: 'Missing',
      uri: 'fn://missing',
      resource_type: 'function',
      function_name: 'no-such-function',
    })
    expect((await f.app.api(`/functions/${doomed.id}?force=true`, { method: 'DELETE' })).status).toBe(200)
    const missing = await f.read('fn://missing')
    expect(missing.status).toBe(500)
    expect(missing.body.error).toContain('no-such-function')
  })
})

describe('dynamic resources', () => {
  test('run on every read, never cached (even with a ttl)', async () => {
    await f.create({
      name: 'Live',
      uri: 'dyn://live',
      resource_type: 'dynamic',
      function_name: 'counted',
      cache_ttl_seconds: 3600,
    })
    const before = hits
    const one = await text('dyn://live')
    const two = await text('dyn://live')
    expect(one).not.toBe(two)
    expect(hits).toBe(before + 2)
  })
})
