// POST /toolkits/import/openapi and POST /toolkits/{id}/reimport: what is accepted and refused, filters, dry runs,
// max_tools, circular schemas, a document of hundreds of operations, spec_url, external $refs, and re-import diffs.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { compileSchema } from '../../src/modules/tools/json-schema'
import { call, createServer, expectError } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { startRecorder } from '../helpers/http-recorder'
import { connectClient } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'
import { circularDocument, generatedDocument, stylesDocument } from './fixtures'

const upstream = startRecorder()
let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.stop())

const importDoc = (body: Record<string, unknown>) => call(app, '/toolkits/import/openapi', { body })
const names = (tools: { name: string }[]) => tools.map((t) => t.name).sort()

describe('what a document becomes', () => {
  test('a dry run plans, counts by tag and method, and writes nothing', async () => {
    const res = await importDoc({ name: 'dry', spec: stylesDocument(upstream.origin), dry_run: true })
    expect(res.status).toBe(200)
    expect(res.body.toolkit).toMatchObject({ name: 'dry', toolkit_type: 'openapi' })
    expect(names(res.body.tools)).toEqual(
      ['createPet', 'deletePet', 'fails', 'getPhoto', 'labelMatrix', 'open', 'put_pets_petId', 'search'].sort(),
    )
    expect(res.body.tools.find((t: { name: string }) => t.name === 'getPhoto')).toEqual({
      name: 'getPhoto',
      method: 'GET',
      path: '/pets/{petId}/photos/{photo}',
    })
    expect(res.body.tools[0].id).toBeUndefined()
    expect(res.body.counts).toEqual({
      by_tag: { pets: 4, styles: 2, '(untagged)': 2 },
      by_method: { GET: 5, POST: 1, DELETE: 1, PUT: 1 },
    })
    const list = await call(app, '/toolkits?limit=200')
    expect(list.body.toolkits.some((k: { name: string }) => k.name === 'dry')).toBe(false)
    const providers = await call(app, '/providers')
    expect(providers.status).toBe(200)
    expect(JSON.stringify(providers.body)).not.toContain('"dry-')
  })

  test('include and exclude by tags, operations, paths and methods', async () => {
    const plan = async (filters: Record<string, unknown>) =>
      names(
        (await importDoc({ name: 'f', spec: stylesDocument(upstream.origin), dry_run: true, ...filters })).body.tools,
      )
    expect(await plan({ include: { tags: ['styles'] } })).toEqual(['labelMatrix', 'search'])
    expect(await plan({ include: { operations: ['open', 'fails'] } })).toEqual(['fails', 'open'])
    expect(await plan({ include: { paths: ['/pets/{petId}'] } })).toEqual(['deletePet', 'put_pets_petId'])
    expect(await plan({ include: { tags: ['pets'], methods: ['get'] } })).toEqual(['getPhoto'])
    expect(await plan({ include: { tags: ['pets'] }, exclude: { methods: ['DELETE', 'put'] } })).toEqual([
      'createPet',
      'getPhoto',
    ])
  })

  test('names are made safe and unique; descriptions are capped', async () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 'n', version: '1' },
      paths: {
        '/a': {
          get: { operationId: 'list users!', description: 'x'.repeat(3000), responses: { 200: { description: 'ok' } } },
        },
        '/b': { get: { operationId: 'list.users', responses: { 200: { description: 'ok' } } } },
        '/c': { get: { operationId: `very${'long'.repeat(30)}`, responses: { 200: { description: 'ok' } } } },
      },
    }
    const res = await importDoc({ name: 'names', spec: doc, base_url: upstream.origin })
    expect(res.status).toBe(201)
    const tools = res.body.tools.map((t: { name: string }) => t.name)
    expect(tools.slice(0, 2)).toEqual(['list_users', 'list_users_2'])
    // Over 64 characters: cut, and a hash of the whole id added (src/lib/tool-name.ts).
    expect(tools[2]).toMatch(new RegExp(`^${`very${'long'.repeat(30)}`.slice(0, 57)}_[0-9a-f]{6}$`))
    for (const n of tools) expect(n).toMatch(/^[a-zA-Z0-9_-]{1,64}$/)
    const detail = await call(app, `/toolkits/${res.body.toolkit.id}`)
    expect(
      detail.body.tools.find((t: { name: string }) => t.name === 'list_users').description.length,
    ).toBeLessThanOrEqual(1024)
  })

  test('a circular schema stays a $ref inside $defs and compiles', async () => {
    const res = await importDoc({ name: 'tree', spec: circularDocument })
    expect(res.status).toBe(201)
    const detail = await call(app, `/toolkits/${res.body.toolkit.id}`)
    const schema = detail.body.tools[0].input_schema
    expect(schema.required).toEqual(['body'])
    expect(schema.properties.body).toEqual({ $ref: '#/$defs/Node' })
    expect(schema.$defs.Node.properties.children.items).toEqual({ $ref: '#/$defs/Node' })
    expect(schema.$defs.Parent.properties.node).toEqual({ $ref: '#/$defs/Node' })
    const validate = compileSchema(schema)
    expect(validate({ body: { name: 'a', children: [{ name: 'b', parent: { node: { name: 'c' } } }] } })).toBe(true)
    expect(validate({ body: { children: [{ name: 5 }] } })).toBe(false)
  })

  test('deleting an OpenAPI toolkit takes its tools, call plans and document with it', async () => {
    const res = await importDoc({ name: 'short-lived', spec: circularDocument })
    expect(res.status).toBe(201)
    const count = async (table: string) => {
      const [row] = await app.sql(`SELECT count(*) AS n FROM ${table} WHERE toolkit_id = $id`, {
        id: res.body.toolkit.id,
      })
      return Number(row?.n)
    }
    expect(await count('openapi_operations')).toBe(1)
    expect(await count('openapi_toolkits')).toBe(1)
    expect((await call(app, `/toolkits/${res.body.toolkit.id}`, { method: 'DELETE' })).status).toBe(200)
    expect(await count('openapi_operations')).toBe(0)
    expect(await count('openapi_toolkits')).toBe(0)
    expect(await count('tools')).toBe(0)
  })

  test('YAML text is read', async () => {
    const yaml = `openapi: 3.1.0
info: {title: Yaml, version: "1"}
servers: [{url: "${upstream.origin}"}]
paths:
  /ping:
    get:
      operationId: ping
      responses: {"200": {description: ok}}
`
    const res = await importDoc({ name: 'yaml', spec: yaml })
    expect(res.status).toBe(201)
    expect(res.body.tools).toMatchObject([{ name: 'ping', method: 'GET', path: '/ping' }])
    expect(res.body.toolkit.description).toBe('Yaml')
  })

  // How long the plan takes is measured in test-load/openapi-plan.load.test.ts (npm run test:load).
  test('a generated document of 600 operations plans; max_tools says how many per tag', async () => {
    const doc = generatedDocument(600)
    const dry = await importDoc({ name: 'big', spec: doc, dry_run: true, max_tools: 1000 })
    expect(dry.status).toBe(200)
    expect(dry.body.tools).toHaveLength(600)
    expect(dry.body.counts.by_tag.tag3).toBe(60)
    expect(dry.body.counts.by_method).toEqual({ GET: 300, POST: 300 })

    const over = await importDoc({ name: 'big', spec: doc })
    expect(over.status).toBe(400)
    expectError(over.body, 'bad_request', 'max_tools')
    expect(over.body.error).toContain('tag0 60')
    expect(over.body.details).toContainEqual({ field: 'tags.tag7', message: '60 operations' })

    const chosen = await importDoc({ name: 'big', spec: doc, include: { tags: ['tag1', 'tag2'] } })
    expect(chosen.status).toBe(201)
    expect(chosen.body.tools).toHaveLength(120)
  })
})

describe('what is refused', () => {
  test('Swagger 2.0 is refused with a hint to convert it', async () => {
    const res = await importDoc({ name: 's2', spec: { swagger: '2.0', info: { title: 'x', version: '1' }, paths: {} } })
    expect(res.status).toBe(400)
    expectError(res.body, 'bad_request', 'convert')
  })

  test('an invalid document is refused naming where', async () => {
    const doc = stylesDocument(upstream.origin) as any
    doc.paths['/open'].get.responses = 'none'
    const res = await importDoc({ name: 'bad', spec: doc })
    expect(res.status).toBe(400)
    expect(res.body.error).toContain('#/paths/~1open/get/responses')
    expect(res.body.details).toContainEqual({ field: 'body.spec.paths./open.get.responses', message: 'must be object' })
    const notYaml = await importDoc({ name: 'bad', spec: 'openapi: [unclosed' })
    expect(notYaml.status).toBe(400)
    expect(notYaml.body.details[0].field).toBe('body.spec')
  })

  test('YAML aliases that would expand without bound are refused', async () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]']
    for (let i = 1; i < 7; i++) {
      const prev = String.fromCharCode(96 + i)
      const next = String.fromCharCode(97 + i)
      levels.push(`${next}: &${next} [${Array(10).fill(`*${prev}`).join(',')}]`)
    }
    const yaml = `openapi: 3.1.0\ninfo: {title: bomb, version: "1"}\npaths: {}\nx-bomb:\n${levels.map((l) => `  ${l}`).join('\n')}\n`
    // Refused for its aliases before expanding them (10^7 nodes expanded would not fit the test's time or memory).
    const res = await importDoc({ name: 'bomb', spec: yaml })
    expect(res.status).toBe(400)
    expect(res.body.error).toContain('aliases')
  })

  test('a taken name is 409; an unknown method in a filter is 400 naming it', async () => {
    const again = await importDoc({ name: 'tree', spec: circularDocument })
    expect(again.status).toBe(409)
    const method = await importDoc({ name: 'm', spec: circularDocument, include: { methods: ['fetch'] } })
    expect(method.status).toBe(400)
    expect(JSON.stringify(method.body.details)).toContain('body.include.methods')
  })

  test('neither spec nor spec_url, or both, is a 400 naming the field', async () => {
    const none = await importDoc({ name: 'none' })
    expect(none.status).toBe(400)
    expect(none.body.details[0].field).toBe('body.spec')
    const both = await importDoc({ name: 'both', spec: circularDocument, spec_url: `${upstream.origin}/x` })
    expect(both.status).toBe(400)
    expect(both.body.details[0].field).toBe('body.spec_url')
  })

  test('an external $ref (a host file, a relative file, a URL) is refused and nothing is read or fetched', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-ref-'))
    const secretFile = join(dir, 'secret.yaml')
    writeFileSync(secretFile, 'type: object\ndescription: SECRET-FILE-CONTENT\n')
    const before = upstream.requests.length
    for (const ref of [
      'file:///etc/passwd',
      `file://${secretFile}`,
      './secret.yaml#/x',
      `${upstream.origin}/schemas/x.yaml`,
    ]) {
      const doc = structuredClone(circularDocument) as any
      doc.components.schemas.Parent = { $ref: ref }
      const res = await importDoc({ name: 'ext', spec: doc })
      expect(res.status).toBe(400)
      expect(res.body.error).toContain('outside the document')
      expect(res.body.details[0].field).toBe('body.spec.components.schemas.Parent.$ref')
      expect(res.text).not.toContain('SECRET-FILE-CONTENT')
      expect(res.text).not.toContain('root:')
    }
    expect(upstream.requests.length).toBe(before)
  })
})

describe('spec_url and re-import', () => {
  let version = 1
  const docServer = startRecorder((r) => {
    if (r.path !== '/openapi.json') return Response.json({})
    const doc = stylesDocument('http://127.0.0.1:9') as any
    if (version === 2) {
      delete doc.paths['/fails']
      doc.paths['/open'].get.summary = 'Open, now described'
      doc.paths['/new'] = { get: { operationId: 'brandNew', security: [], responses: { 200: { description: 'ok' } } } }
    }
    return Response.json(doc)
  })

  test('spec_url is fetched through the egress guard; reimport reports the diff and notifies sessions', async () => {
    const res = await importDoc({
      name: 'remote-doc',
      spec_url: `${docServer.origin}/openapi.json`,
      exclude: { tags: ['styles'] },
      // Applied at once (test/openapi/pinned-reimport.test.ts covers a toolkit that reviews).
      review_changes: false,
    })
    expect(res.status).toBe(201)
    expect(names(res.body.tools)).toEqual(['createPet', 'deletePet', 'fails', 'getPhoto', 'open', 'put_pets_petId'])
    const kitId = res.body.toolkit.id
    const server = await createServer(app, { name: 'reimport-server', toolkits: [{ toolkit_id: kitId }] })
    const { client } = await connectClient(app, server.slug)
    try {
      let changed = 0
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++)
      await waitFor('the GET stream', () =>
        [...app.server.deps.mcpSessions.all()].some((s) => s.serverId === server.id && s.stream !== null),
      )
      const same = await call(app, `/toolkits/${kitId}/reimport`, { body: {} })
      expect(same.status).toBe(200)
      expect(same.body.added).toEqual([])
      expect(same.body.removed).toEqual([])
      expect(same.body.updated).toEqual([])
      expect(same.body.unchanged).toHaveLength(6)

      version = 2
      const diff = await call(app, `/toolkits/${kitId}/reimport`, { body: {} })
      expect(diff.status).toBe(200)
      expect(diff.body).toEqual({
        added: ['brandNew'],
        updated: ['open'],
        removed: ['fails'],
        unchanged: ['createPet', 'deletePet', 'getPhoto', 'put_pets_petId'],
      })
      await waitFor('tools/list_changed', () => changed > 0)
      const listed = await client.listTools()
      expect(listed.tools.map((t) => t.name).sort()).toEqual(
        ['brandNew', 'createPet', 'deletePet', 'getPhoto', 'open', 'put_pets_petId'].sort(),
      )
      expect(listed.tools.find((t) => t.name === 'open')!.description).toBe('Open, now described')
    } finally {
      await client.close()
    }
  })

  const huge = startRecorder(() => new Response(`{"openapi":"3.1.0","x":"${'a'.repeat(11 * 1024 * 1024)}"}`))
  test('a spec_url answer over 10 MiB is refused naming spec_url', async () => {
    const res = await importDoc({ name: 'huge', spec_url: `${huge.origin}/openapi.json` })
    expect(res.status).toBe(400)
    expect(res.body.details[0].field).toBe('body.spec_url')
  })

  test('reimport of a hosted toolkit or another project’s toolkit is refused', async () => {
    const hosted = await call(app, '/toolkits', { body: { name: 'plain-hosted' } })
    const res = await call(app, `/toolkits/${hosted.body.id}/reimport`, { body: { spec: circularDocument } })
    expect(res.status).toBe(400)
    const tree = (await call(app, '/toolkits?limit=200')).body.toolkits.find((k: { name: string }) => k.name === 'tree')
    const other = await app.newProject('other-openapi')
    const foreign = await call(app, `/toolkits/${tree.id}/reimport`, {
      body: { spec: circularDocument },
      key: other.apiKey,
    })
    expect(foreign.status).toBe(404)
  })
})
