// What real documents contain that used to cost operations: patterns RE2 cannot run, OpenAPI 3.0's boolean
// exclusiveMinimum, AWS-style path keys carrying a query (`/#Action=X`, `/?Action=X`), and sizes past the old fixed
// limits (TOOLYARD_MAX_SPEC_BYTES names the one to raise), multipart bodies, and a mistake in a response
// description. Also: nothing to import is 400 in the dry run as in the import.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { startRecorder } from '../helpers/http-recorder'

const upstream = startRecorder(() => Response.json({ ok: true }))

const op = (operationId: string, extra: Record<string, unknown> = {}) => ({
  operationId,
  responses: { 200: { description: 'ok' } },
  ...extra,
})

const realWorld = (server: string) => ({
  openapi: '3.0.3',
  info: { title: 'Real world', version: '1' },
  servers: [{ url: server }],
  paths: {
    '/users': {
      get: op('findUser', {
        parameters: [
          // Lookahead: RE2 cannot run it.
          { name: 'login', in: 'query', required: true, schema: { type: 'string', pattern: '^(?!admin).+$' } },
          { name: 'code', in: 'query', schema: { type: 'string', pattern: '^[a-z]{2}$' } },
        ],
      }),
    },
    '/pages': {
      get: op('listPages', {
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 0, exclusiveMinimum: true } },
          { name: 'size', in: 'query', schema: { type: 'integer', maximum: 100, exclusiveMaximum: false } },
        ],
      }),
    },
    '/#Action=DescribeInstances': {
      get: op('DescribeInstances', {
        parameters: [
          { name: 'Action', in: 'query', required: true, schema: { type: 'string', enum: ['DescribeInstances'] } },
          { name: 'MaxResults', in: 'query', schema: { type: 'integer' } },
        ],
      }),
    },
    '/?Action=ListQueues&Version=2012-11-05': { post: op('ListQueues') },
    '/files': {
      post: op('uploadFile', {
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { file: { type: 'string', format: 'binary' }, note: { type: 'string' } },
              },
            },
          },
        },
        // A mistake no tool is concerned with: `example` is not a field of an XML object.
        responses: {
          200: {
            description: 'ok',
            content: {
              'application/xml': {
                schema: {
                  type: 'object',
                  properties: { id: { type: 'string', xml: { attribute: true, example: 'x' } } },
                },
              },
            },
          },
        },
      }),
    },
  },
})

let app: TestApp
let imported: { status: number; body: Record<string, any> }
let dryRun: { status: number; body: Record<string, any> }
let serverId: string

beforeAll(async () => {
  app = await startTestApp()
  const spec = realWorld(upstream.origin)
  dryRun = await call(app, '/toolkits/import/openapi', { body: { name: 'real', spec, dry_run: true } })
  imported = await call(app, '/toolkits/import/openapi', { body: { name: 'real', spec } })
  const server = await call(app, '/servers', {
    body: { name: 'real-server', toolkits: [{ toolkit_id: imported.body.toolkit?.id }] },
  })
  serverId = server.body.data?.id
})
afterAll(() => app.stop())

const callTool = async (name: string, args: Record<string, unknown>) => {
  const res = await call(app, '/tools/call', { body: { name, arguments: args, server_id: serverId } })
  expect(res.status).toBe(200)
  return res.body
}

/** Arguments the tool's input schema refuses: 400 before anything is sent. */
const refused = async (name: string, args: Record<string, unknown>) => {
  const before = upstream.requests.length
  const res = await call(app, '/tools/call', { body: { name, arguments: args, server_id: serverId } })
  expect(res.status).toBe(400)
  expect(upstream.requests.length).toBe(before)
}

describe('schemas of real documents', () => {
  test('every operation is kept; the unrunnable pattern is dropped with a warning in both answers', () => {
    expect(imported.status).toBe(201)
    expect(imported.body.tools.map((t: { name: string }) => t.name).sort()).toEqual([
      'DescribeInstances',
      'ListQueues',
      'findUser',
      'listPages',
      'uploadFile',
    ])
    expect(imported.body.skipped).toEqual([])
    for (const answer of [dryRun.body, imported.body]) {
      const warning = answer.warnings.find((w: string) => w.startsWith('pattern'))
      expect(warning).toContain('"^(?!admin).+$"')
      expect(warning).toContain('findUser')
    }
    expect(dryRun.body.tools.length).toBe(imported.body.tools.length)
  })

  test('the dropped pattern no longer checks; the runnable one still does', async () => {
    expect((await callTool('findUser', { login: 'admin' })).isError).toBe(false)
    expect(upstream.last().query).toBe('login=admin')
    await refused('findUser', { login: 'ann', code: 'XYZ' })
  })

  test('a boolean exclusiveMinimum becomes the numeric form', async () => {
    await refused('listPages', { page: 0 })
    expect((await callTool('listPages', { page: 1, size: 100 })).isError).toBe(false)
    expect(upstream.last().query).toBe('page=1&size=100')
  })

  test('a path key with # sends its pairs as the query, and the fixed parameter is not asked for', async () => {
    expect((await callTool('DescribeInstances', { MaxResults: 5 })).isError).toBe(false)
    const r = upstream.last()
    expect(r.method).toBe('GET')
    expect(r.path).toBe('/')
    expect(r.query).toBe('Action=DescribeInstances&MaxResults=5')
  })

  test('a path key with ? sends its pairs as the query', async () => {
    expect((await callTool('ListQueues', {})).isError).toBe(false)
    const r = upstream.last()
    expect(r.method).toBe('POST')
    expect(r.path).toBe('/')
    expect(r.query).toBe('Action=ListQueues&Version=2012-11-05')
  })

  test('a mistake inside a response description is a warning, not a refusal', () => {
    const warning = imported.body.warnings.find((w: string) => w.includes('response descriptions'))
    expect(warning).toContain('#/paths/~1files/post/responses/200')
  })

  test('a multipart/form-data body is sent as parts, a binary property as a file part', async () => {
    expect((await callTool('uploadFile', { body: { file: 'hello file', note: 'n1' } })).isError).toBe(false)
    const r = upstream.last()
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(r.headers['content-type'] ?? '')?.[1]
    expect(boundary).toBeDefined()
    const form = await new Response(r.body, { headers: { 'content-type': r.headers['content-type']! } }).formData()
    const file = form.get('file') as File
    expect(file.name).toBe('file')
    expect(await file.text()).toBe('hello file')
    expect(form.get('note')).toBe('n1')
  })

  test('nothing to import is 400 in the dry run as in the import', async () => {
    const spec = realWorld(upstream.origin)
    const include = { tags: ['nothing-has-this-tag'] }
    for (const dry_run of [true, false]) {
      const res = await call(app, '/toolkits/import/openapi', { body: { name: 'empty', spec, include, dry_run } })
      expect(res.status).toBe(400)
      expect(res.body.details[0].field).toBe('body.include')
    }
  })
})

describe('document sizes (TOOLYARD_MAX_SPEC_BYTES)', () => {
  /** A valid document of about `bytes` bytes (a long description). */
  const bigDocument = (bytes: number) => ({
    ...realWorld(upstream.origin),
    info: { title: 'Big', version: '1', description: 'x'.repeat(bytes) },
  })

  test('an inline document larger than the general body limit is accepted on the import route by default', async () => {
    const res = await call(app, '/toolkits/import/openapi', {
      body: { name: 'big', spec: bigDocument(5 * 1024 * 1024), dry_run: true },
    })
    expect(res.status).toBe(200)
    expect(res.body.tools.length).toBe(5)
  })

  test('past the setting, a spec_url document and an inline body are 413 naming TOOLYARD_MAX_SPEC_BYTES', async () => {
    const small = await startTestApp({ TOOLYARD_MAX_BODY_BYTES: '16384', TOOLYARD_MAX_SPEC_BYTES: '65536' })
    const documents = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: () => Response.json(bigDocument(100_000)),
    })
    try {
      const fetched = await call(small, '/toolkits/import/openapi', {
        body: { name: 'far', spec_url: `http://127.0.0.1:${documents.port}/doc.json` },
      })
      expect(fetched.status).toBe(413)
      expect(fetched.body.code).toBe('payload_too_large')
      expect(fetched.body.error).toContain('TOOLYARD_MAX_SPEC_BYTES')
      expect(fetched.body.details[0].field).toBe('body.spec_url')
      const inline = await call(small, '/toolkits/import/openapi', {
        body: { name: 'inline', spec: bigDocument(100_000), dry_run: true },
      })
      expect(inline.status).toBe(413)
      expect(inline.body.error).toContain('TOOLYARD_MAX_SPEC_BYTES')
      // Between the two limits: accepted on the import route, refused elsewhere naming the general setting.
      const between = await call(small, '/toolkits/import/openapi', {
        body: { name: 'between', spec: bigDocument(30_000), dry_run: true },
      })
      expect(between.status).toBe(200)
      const elsewhere = await call(small, '/toolkits', { body: { name: 'x', description: 'x'.repeat(30_000) } })
      expect(elsewhere.status).toBe(413)
      expect(elsewhere.body.error).toContain('TOOLYARD_MAX_BODY_BYTES')
    } finally {
      documents.stop(true)
      await small.stop()
    }
  })
})
