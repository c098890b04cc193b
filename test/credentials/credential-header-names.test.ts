// A credential is never sent under an MCP transport header (Mcp-*), a connection-level header or a Proxy-* header
// (src/lib/credential-headers.ts): every path that names a header for a credential answers 400 naming the field —
// a remote toolkit's auth, an OpenAPI document's apiKey scheme and an HTTP template's header (`toolyard apply`, a
// child process, in credential-header-names.e2e.test.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'

const REFUSED = [
  'Mcp-Session-Id',
  'Mcp-Protocol-Version',
  'mcp-anything',
  'Connection',
  'Keep-Alive',
  'Transfer-Encoding',
  'Upgrade',
  'TE',
  'Trailer',
  'Proxy-Authorization',
  'Proxy-Anything',
  'Host',
  'Content-Length',
]

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.stop())

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '-')

describe('remote toolkit auth', () => {
  test.each(REFUSED)('header_name %s → 400 naming remote.auth.header_name', async (name) => {
    const r = await call(app, '/toolkits', {
      body: {
        name: `r-${slugOf(name)}`,
        toolkit_type: 'remote',
        remote: {
          url: 'http://127.0.0.1:9/mcp',
          auth: { type: 'header', header_name: name, credential_provider: 'api_key' },
        },
      },
    })
    expect(r.status).toBe(400)
    expect(r.body.details).toContainEqual({ field: 'body.remote.auth.header_name', message: expect.any(String) })
  })
})

const documentWithKeyHeader = (header: string) => ({
  openapi: '3.1.0',
  info: { title: 'Keyed', version: '1' },
  servers: [{ url: 'http://127.0.0.1:9' }],
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: header } } },
  security: [{ key: [] }],
  paths: { '/ping': { get: { operationId: 'ping', responses: { 200: { description: 'ok' } } } } },
})

describe('OpenAPI auth', () => {
  test.each(REFUSED)('an apiKey scheme in header %s → 400 naming the scheme’s name', async (name) => {
    const r = await call(app, '/toolkits/import/openapi', {
      body: { name: `o-${slugOf(name)}`, spec: documentWithKeyHeader(name) },
    })
    expect(r.status).toBe(400)
    expect(r.body.details).toContainEqual({
      field: 'body.spec.components.securitySchemes.key.name',
      message: expect.any(String),
    })
  })

  test('an ordinary key header is imported', async () => {
    const r = await call(app, '/toolkits/import/openapi', {
      body: { name: 'o-fine', spec: documentWithKeyHeader('X-Api-Key') },
    })
    expect(r.status).toBe(201)
  })
})

describe('HTTP template functions', () => {
  test.each(REFUSED)('a credential template in header %s → 400 naming http.headers', async (name) => {
    const r = await call(app, '/functions', {
      body: {
        name: `h.${slugOf(name)}`,
        runtime: 'http',
        http: { url: 'http://127.0.0.1:9/x', headers: { [name]: '{{credentials.api_key}}' } },
      },
    })
    expect(r.status).toBe(400)
    expect(r.body.details).toContainEqual({ field: `body.http.headers.${name}`, message: expect.any(String) })
  })

  test('the same header without a credential, and a credential in an ordinary header, are accepted', async () => {
    const plain = await call(app, '/functions', {
      body: { name: 'h.plain', runtime: 'http', http: { url: 'http://127.0.0.1:9/x', headers: { Upgrade: 'h2c' } } },
    })
    expect(plain.status).toBe(201)
    const keyed = await call(app, '/functions', {
      body: {
        name: 'h.keyed',
        runtime: 'http',
        http: { url: 'http://127.0.0.1:9/x', headers: { 'X-Api-Key': '{{credentials.api_key}}' } },
      },
    })
    expect(keyed.status).toBe(201)
  })
})
