// Every REST route with a body takes a JSON object sent as application/json: `[]`, `"s"`, `null`, an empty body, a
// text/plain or form body are refused (400 naming `body`, or 415), never taken as `{}`. Form endpoints by design and
// the protocol endpoint keep their own rules.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, expectError } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.stop())

/** A raw POST: exactly these bytes and headers, with the project's key unless `key` is null. */
async function raw(path: string, body: BodyInit | undefined, headers: Record<string, string>, key: string | null = '') {
  const res = await fetch(app.base + path, {
    method: 'POST',
    headers: { ...(key === null ? {} : { 'x-api-key': key || app.apiKey }), ...headers },
    body,
    duplex: 'half',
  } as RequestInit)
  const text = await res.text()
  return { status: res.status, body: JSON.parse(text), text }
}

const keyCount = async () => ((await call(app, '/keys')).body.keys as unknown[]).length
const JSON_TYPE = { 'content-type': 'application/json' }

describe('REST bodies', () => {
  test('POST /keys with JSON that is not an object is 400 naming body, and no key is made', async () => {
    const before = await keyCount()
    for (const body of ['[]', '"s"', 'null', '1', 'true']) {
      const r = await raw('/keys', body, JSON_TYPE)
      expect({ body, status: r.status }).toEqual({ body, status: 400 })
      expectError(r.body, 'validation_failed')
      expect(r.body.details).toEqual([{ field: 'body', message: 'must be a JSON object' }])
    }
    expect(await keyCount()).toBe(before)
  })

  test('POST /keys with no body (with or without a JSON content type) is 400 naming body', async () => {
    const before = await keyCount()
    for (const headers of [JSON_TYPE, {}]) {
      const r = await raw('/keys', '', headers)
      expect(r.status).toBe(400)
      expect(r.body.details[0].field).toBe('body')
    }
    const none = await raw('/keys', undefined, {})
    expect(none.status).toBe(400)
    expect(await keyCount()).toBe(before)
  })

  test('a text/plain, form or untyped body is 415 unsupported_media_type, and no key is made', async () => {
    const before = await keyCount()
    for (const [body, type] of [
      ['{"name":"x"}', 'text/plain'],
      ['name=x', 'application/x-www-form-urlencoded'],
      ['{"name":"x"}', 'application/jsonp'],
    ] as const) {
      const r = await raw('/keys', body, { 'content-type': type })
      expect({ type, status: r.status }).toEqual({ type, status: 415 })
      expectError(r.body, 'unsupported_media_type', 'application/json')
    }
    // fetch labels a string body text/plain by itself: the same 415.
    expect((await raw('/keys', '{}', {})).status).toBe(415)
    expect(await keyCount()).toBe(before)
  })

  test('a chunked body (no Content-Length) is held to the same rule', async () => {
    const stream = (text: string) =>
      new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode(text))
          c.close()
        },
      })
    expect((await raw('/keys', stream('[]'), JSON_TYPE)).status).toBe(400)
    const ok = await raw('/keys', stream('{"name":"chunked"}'), JSON_TYPE)
    expect(ok.status).toBe(201)
    expect(ok.body.name).toBe('chunked')
  })

  test('the key is checked first: without one a bad body is 401', async () => {
    expect((await raw('/keys', '[]', JSON_TYPE, null)).status).toBe(401)
    expect((await raw('/keys', 'x', { 'content-type': 'text/plain' }, null)).status).toBe(401)
  })

  test('a JSON object with a charset parameter is fine; an optional body may be left out but not be an array', async () => {
    const created = await raw('/keys', '{"name":"cs"}', { 'content-type': 'application/json; charset=utf-8' })
    expect(created.status).toBe(201)
    // Elysia reads only the lower-case spelling as JSON: another is told which one to send.
    expect((await raw('/keys', '{"name":"cs"}', { 'content-type': 'Application/JSON' })).status).toBe(415)
    expect((await raw('/tools/list', undefined, {})).status).toBe(200)
    expect((await raw('/tools/list', '{}', JSON_TYPE)).status).toBe(200)
    const array = await raw('/tools/list', '[]', JSON_TYPE)
    expect(array.status).toBe(400)
    expect(array.body.details[0].field).toBe('body')
  })

  test('other JSON routes follow the same rule (servers, functions)', async () => {
    for (const path of ['/servers', '/functions']) {
      expect((await raw(path, '[]', JSON_TYPE)).status).toBe(400)
      expect((await raw(path, '{"name":"x"}', { 'content-type': 'text/plain' })).status).toBe(415)
    }
  })

  test('form endpoints by design still take forms: the OAuth token endpoint answers in OAuth terms', async () => {
    const r = await raw('/oauth/token', 'grant_type=authorization_code&code=nope', {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect(r.status).toBe(400)
    expect(r.body.error).toMatch(/^invalid_/)
  })
})

describe('a field that must be an object', () => {
  test('a string there is 400 naming the field, never stored as an object of its characters', async () => {
    const server = await call(app, '/servers', { method: 'POST', body: { name: 'object fields' } })
    const base = {
      server_id: server.body.data.id,
      name: 'doc',
      uri: 'mcp://doc',
      resource_type: 'static',
      content: 'x',
    }
    for (const [field, value] of [
      ['variables', 'ab'],
      ['headers', 'x'.repeat(128 * 1024)],
    ] as const) {
      const r = await call(app, '/resources', { method: 'POST', body: { ...base, [field]: value } })
      expect({ field, status: r.status }).toEqual({ field, status: 400 })
      expect(r.body.details).toEqual([{ field: `body.${field}`, message: 'expected an object' }])
    }
    const made = await call(app, '/resources', { method: 'POST', body: base })
    expect(made.status).toBe(201)
    const id = made.body.data?.id ?? made.body.id
    const patched = await call(app, `/resources/${id}`, { method: 'PATCH', body: { variables: 'ab' } })
    expect(patched.status).toBe(400)
    const after = await call(app, `/resources/${id}`)
    expect(after.status).toBe(200)
    expect((after.body.data ?? after.body).variables ?? null).toBeNull()
  })
})
