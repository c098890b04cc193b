// A credential echoed back by an upstream in a form it made of it — base64 (standard, url-safe, with and without
// padding, inside a Basic or Bearer value), URL-encoded, hex — reaches neither the caller, the log nor the call log
// (src/lib/redact.ts). Real upstreams on 127.0.0.1: an SDK MCP server (remote toolkit), an HTTP API behind an OpenAPI
// document, and the same API behind an HTTP template function.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { call, createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { startRecorder } from '../helpers/http-recorder'
import { connectClient } from '../helpers/mcp'
import { serveStreamableHttp } from '../helpers/upstream-mcp'

// 25 characters: its base64 is padded, and "/", "+", "=", "&", "~" make its URL-encoded form differ from it.
const SECRET = 'sk-l1ve/AbC+dEf=gH&iJ~kqZ'
const USER = 'ann'

/** Every encoded form of `s` an upstream might send back, each a string that must not reach anyone. */
function encodedForms(s: string): Record<string, string> {
  const b = Buffer.from(s)
  const b64 = b.toString('base64')
  const b64url = b.toString('base64url')
  return {
    base64: b64,
    base64_unpadded: b64.replace(/=+$/, ''),
    base64url: b64url,
    base64url_padded: b64url + '='.repeat((4 - (b64url.length % 4)) % 4),
    url_encoded: encodeURIComponent(s),
    hex: b.toString('hex'),
    hex_upper: b.toString('hex').toUpperCase(),
    bearer_base64: Buffer.from(`Bearer ${s}`).toString('base64'),
    basic_user_secret: Buffer.from(`${USER}:${s}`).toString('base64'),
  }
}
const FORMS = encodedForms(SECRET)
const forbidden = [SECRET, ...Object.values(FORMS)]

/** The forms that leaked into `text` (none expected). */
const leaked = (text: string) => forbidden.filter((f) => text.includes(f))

let app: TestApp
const logLines: string[] = []
const stops: (() => void)[] = []

beforeAll(async () => {
  app = await startTestApp({ TOOLYARD_LOG_LEVEL: 'debug' }, { onLogLine: (l) => logLines.push(l) })
})
afterAll(async () => {
  await app.stop()
  for (const stop of stops) stop()
})

async function credential(provider: string, data: Record<string, unknown>): Promise<string> {
  const body = { name: `cred-${provider}-${Math.random()}`, provider_id: provider, credential_data: data }
  return (await json(await app.api('/credentials', { body }), 201)).id
}

/** The call log's rows as text: what it kept of each call must not hold the credential either. */
async function callLogText(): Promise<string> {
  await app.server.deps.callLog.flush()
  return JSON.stringify(await json(await app.api('/calls?limit=200'), 200))
}

describe('a remote MCP upstream that echoes its credential encoded', () => {
  let slug: string
  beforeAll(async () => {
    const http = serveStreamableHttp(() => {
      const server = new McpServer({ name: 'echoer', version: '1.0.0' }, { capabilities: { logging: {} } })
      const echo = `got ${JSON.stringify(FORMS)}`
      server.registerTool('echo_forms', { inputSchema: {} }, async (_a, extra) => {
        await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: echo } })
        return { content: [{ type: 'text', text: echo }], structuredContent: { ...FORMS } }
      })
      server.registerTool('fail_forms', { inputSchema: {} }, async () => {
        throw new Error(`refused ${echo}`)
      })
      return server
    })
    stops.push(() => http.stop(true))
    const cred = await credential('api_key', { api_key: SECRET })
    const kit = await json(
      await app.api('/toolkits', {
        body: {
          name: 'echoer',
          toolkit_type: 'remote',
          remote: {
            url: `http://127.0.0.1:${http.port}/mcp`,
            auth: { type: 'bearer', credential_provider: 'api_key' },
            refresh_interval_s: 0,
          },
        },
      }),
      201,
    )
    slug = (
      await createServer(app, { name: 'echoer', toolkits: [{ toolkit_id: kit.id, credentials: { api_key: cred } }] })
    ).slug
  })

  test('its answer, its logs and its error hold none of the forms; the call log neither', async () => {
    const { client } = await connectClient(app, slug)
    const logs: string[] = []
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push(String(n.params.data))
    })
    const ok = await client.callTool({ name: 'echo_forms', arguments: {} })
    const failed = await client.callTool({ name: 'fail_forms', arguments: {} })
    await client.close()
    expect(failed.isError).toBe(true)
    const seen = JSON.stringify([ok, failed, logs])
    expect(seen).toContain('[redacted]')
    expect(leaked(seen)).toEqual([])
    expect(leaked(logLines.join('\n'))).toEqual([])
    expect(leaked(await callLogText())).toEqual([])
  })
})

/** An HTTP API that answers with the forms of the credential it received (header `x-api-key`, or Basic). */
const api = startRecorder((r) => {
  const key = r.headers['x-api-key'] ?? ''
  const basic = r.headers.authorization?.startsWith('Basic ')
    ? Buffer.from(r.headers.authorization.slice(6), 'base64').toString().split(':').slice(1).join(':')
    : ''
  const body = { received: encodedForms(key || basic), header: r.headers.authorization ?? null }
  if (r.path.endsWith('/fail')) return new Response(`denied: ${JSON.stringify(body)}`, { status: 401 })
  return Response.json(body)
})

const echoDocument = () => ({
  openapi: '3.1.0',
  info: { title: 'Echo', version: '1' },
  servers: [{ url: api.origin }],
  components: {
    securitySchemes: {
      key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      basic: { type: 'http', scheme: 'basic' },
    },
  },
  paths: {
    '/key/ok': { get: { operationId: 'keyOk', security: [{ key: [] }], responses: { 200: { description: 'ok' } } } },
    '/key/fail': {
      get: { operationId: 'keyFail', security: [{ key: [] }], responses: { 200: { description: 'ok' } } },
    },
    '/basic/ok': {
      get: { operationId: 'basicOk', security: [{ basic: [] }], responses: { 200: { description: 'ok' } } },
    },
    '/basic/fail': {
      get: { operationId: 'basicFail', security: [{ basic: [] }], responses: { 200: { description: 'ok' } } },
    },
  },
})

describe('an OpenAPI upstream that echoes its credential encoded', () => {
  let serverId: string
  beforeAll(async () => {
    const imported = await call(app, '/toolkits/import/openapi', { body: { name: 'echo', spec: echoDocument() } })
    expect(imported.status).toBe(201)
    const creds = {
      'echo-key': await credential('echo-key', { api_key: SECRET }),
      'echo-basic': await credential('echo-basic', { username: USER, password: SECRET }),
    }
    serverId = (
      await createServer(app, {
        name: 'echo-api',
        toolkits: [{ toolkit_id: imported.body.toolkit.id, credentials: creds }],
      })
    ).id
  })

  test.each(['keyOk', 'keyFail', 'basicOk', 'basicFail'])('%s: the answer holds none of the forms', async (name) => {
    const res = await call(app, '/tools/call', { body: { name, arguments: {}, server_id: serverId } })
    expect(res.status).toBe(200)
    expect(res.body.isError).toBe(name.endsWith('Fail'))
    // The upstream did get the credential (the test would prove nothing otherwise).
    expect(api.last().headers['x-api-key'] ?? api.last().headers.authorization).toBeDefined()
    expect(res.text).toContain('[redacted]')
    expect(leaked(res.text)).toEqual([])
  })

  test('nor does the call log or the log', async () => {
    expect(leaked(await callLogText())).toEqual([])
    expect(leaked(logLines.join('\n'))).toEqual([])
  })
})

describe('an HTTP template function whose upstream echoes its credential encoded', () => {
  let serverId: string
  beforeAll(async () => {
    const kit = await json(await app.api('/toolkits', { body: { name: 'templ' } }), 201)
    for (const path of ['ok', 'fail']) {
      await json(
        await app.api('/functions', {
          body: {
            name: `templ.${path}`,
            runtime: 'http',
            http: { url: `${api.origin}/t/${path}`, headers: { 'X-Api-Key': '{{credentials.api_key}}' } },
          },
        }),
        201,
      )
      await json(
        await app.api('/tools', {
          body: {
            toolkit_id: kit.id,
            name: `templ_${path}`,
            description: 'echoes',
            function_name: `templ.${path}`,
            input_schema: { type: 'object', properties: {} },
            credential_provider: 'api_key',
          },
        }),
        201,
      )
    }
    const cred = await credential('api_key', { api_key: SECRET })
    serverId = (
      await createServer(app, { name: 'templ-srv', toolkits: [{ toolkit_id: kit.id, credentials: { api_key: cred } }] })
    ).id
  })

  test.each(['templ_ok', 'templ_fail'])('%s: the answer holds none of the forms', async (name) => {
    const res = await call(app, '/tools/call', { body: { name, arguments: {}, server_id: serverId } })
    expect(res.status).toBe(200)
    expect(api.last().headers['x-api-key']).toBe(SECRET)
    expect(res.text).toContain('[redacted]')
    expect(leaked(res.text)).toEqual([])
    expect(leaked(await callLogText())).toEqual([])
  })
})
