// Documents built to cost the process: a fan-out of `$ref`s (schemas referring to each other in layers) is refused with
// a 400 naming the budget on every path that checks a document (import, dry run, re-import), the service keeps
// answering meanwhile, and a `$ref` that points at nothing is named.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, expectError } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { generatedDocument, refBombDocument, stylesDocument } from './fixtures'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.stop())

const importDoc = (body: Record<string, unknown>) => call(app, '/toolkits/import/openapi', { body })

describe('a fan-out $ref bomb', () => {
  test('import and dry run answer 400 naming the budget and the schema that expands', async () => {
    for (const dry_run of [false, true]) {
      const res = await importDoc({ name: 'bomb', spec: refBombDocument(), dry_run })
      expect(res.status).toBe(400)
      expectError(res.body, 'bad_request', 'expands past the budget')
      expect(res.body.details[0].field).toBe('body.spec.components.schemas.s00')
    }
    const kits = await call(app, '/toolkits?limit=200')
    expect(kits.body.toolkits.some((k: { name: string }) => k.name === 'bomb')).toBe(false)
  })

  test('a re-import with the bomb answers 400 and leaves the toolkit as it was', async () => {
    const first = await importDoc({ name: 'kept', spec: stylesDocument('http://127.0.0.1:9') })
    expect(first.status).toBe(201)
    const res = await call(app, `/toolkits/${first.body.toolkit.id}/reimport`, { body: { spec: refBombDocument() } })
    expect(res.status).toBe(400)
    expectError(res.body, 'bad_request', 'expands past the budget')
    const detail = await call(app, `/toolkits/${first.body.toolkit.id}`)
    expect(detail.body.tools.length).toBe(first.body.tools.length)
  })

  test('/mcp/health answers 200 while bombs are being checked', async () => {
    const bombs = Array.from({ length: 3 }, (_, i) => importDoc({ name: `bomb-${i}`, spec: refBombDocument() }))
    const health = await app.api('/health', { key: null })
    expect(health.status).toBe(200)
    for (const res of await Promise.all(bombs)) expect(res.status).toBe(400)
  })
})

describe('a large document', () => {
  test("/mcp/health is answered while its tools' schemas are being compiled", async () => {
    // 1,000 operations with 1,000 distinct input schemas: compiling them is seconds of work, done in small slices.
    const doc = generatedDocument(1000)
    let i = 0
    for (const item of Object.values(doc.paths))
      for (const op of Object.values(item) as { parameters: { description?: string }[] }[])
        op.parameters[1]!.description = `limit of operation ${i++}`
    // A first document compiles the OpenAPI meta-schema, so the import below spends its time on the tools' schemas.
    expect((await importDoc({ name: 'warm', spec: generatedDocument(2), dry_run: true })).status).toBe(200)
    const order: string[] = []
    const importing = importDoc({ name: 'many', spec: doc, max_tools: 1000, dry_run: true }).then((res) => {
      order.push('import')
      return res
    })
    await Bun.sleep(200) // the import is under way (its document checked, its schemas being compiled)
    const health = await app.api('/health', { key: null })
    order.push('health')
    expect(health.status).toBe(200)
    expect((await importing).status).toBe(200)
    expect(order).toEqual(['health', 'import'])
  }, 60_000)
})

describe('references that go nowhere', () => {
  test('a $ref to a schema the document lacks is a 400 naming where it is', async () => {
    const doc = stylesDocument('http://127.0.0.1:9') as any
    doc.components.schemas.Pet.properties.owner = { $ref: '#/components/schemas/Nobody' }
    const res = await importDoc({ name: 'dangling', spec: doc })
    expect(res.status).toBe(400)
    expectError(res.body, 'bad_request', 'points to nothing')
    expect(res.body.details[0].field).toBe('body.spec.components.schemas.Pet.properties.owner.$ref')
  })

  test('a $ref with a malformed escape is a 400, not a 500', async () => {
    const doc = stylesDocument('http://127.0.0.1:9') as any
    doc.components.schemas.Pet.properties.owner = { $ref: '#/components/schemas/%E0%A4%A' }
    const res = await importDoc({ name: 'malformed', spec: doc })
    expect(res.status).toBe(400)
    expectError(res.body, 'bad_request', 'points to nothing')
  })
})
