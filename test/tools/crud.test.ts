// Toolkits, tools and functions through REST: create, read, list, update, delete, conflicts and validation.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createFunction, createTool, createToolkit, expectError, json, objectSchema } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

describe('toolkits', () => {
  test('create, get, list, update and delete a hosted toolkit', async () => {
    const created = await json(
      await app.api('/toolkits', { body: { name: 'crm-tools', display_name: 'CRM', description: 'talks to the CRM' } }),
      201,
    )
    expect(created).toMatchObject({ name: 'crm-tools', display_name: 'CRM', toolkit_type: 'hosted', status: 'active' })
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/)

    const got = await json(await app.api(`/toolkits/${created.id}`), 200)
    expect(got).toMatchObject({ id: created.id, name: 'crm-tools', tools: [] })

    const list = await json(await app.api('/toolkits'), 200)
    expect(list.toolkits.map((k: { id: string }) => k.id)).toContain(created.id)

    const updated = await json(
      await app.api(`/toolkits/${created.id}`, { method: 'PUT', body: { description: 'new words' } }),
      200,
    )
    expect(updated).toMatchObject({ display_name: 'CRM', description: 'new words' })

    await json(await app.api(`/toolkits/${created.id}`, { method: 'DELETE' }), 200)
    expectError(await json(await app.api(`/toolkits/${created.id}`), 404), 'not_found')
  })

  test('a duplicate name is 409, unknown fields and bad names are 400', async () => {
    await createToolkit(app, 'dup-kit')
    expectError(await json(await app.api('/toolkits', { body: { name: 'dup-kit' } }), 409), 'conflict', 'dup-kit')
    expectError(
      await json(await app.api('/toolkits', { body: { name: 'x', colour: 'red' } }), 400),
      'validation_failed',
      'colour',
    )
    expectError(
      await json(await app.api('/toolkits', { body: { name: 'has spaces' } }), 400),
      'validation_failed',
      'body.name',
    )
  })

  test("another project's toolkit is 404", async () => {
    const kit = await createToolkit(app, 'private-kit')
    const other = await app.newProject('other-crud')
    expectError(await json(await app.api(`/toolkits/${kit.id}`, { key: other.apiKey }), 404), 'not_found')
    expectError(
      await json(await app.api(`/toolkits/${kit.id}`, { method: 'DELETE', key: other.apiKey }), 404),
      'not_found',
    )
  })

  test('list pages with limit and cursor', async () => {
    for (const n of ['page-a', 'page-b', 'page-c']) await createToolkit(app, n)
    const seen: string[] = []
    let cursor: string | undefined
    do {
      const res = await json(await app.api(`/toolkits?limit=2${cursor ? `&cursor=${cursor}` : ''}`), 200)
      expect(res.toolkits.length).toBeLessThanOrEqual(2)
      seen.push(...res.toolkits.map((k: { id: string }) => k.id))
      cursor = res.next_cursor
    } while (cursor)
    const all = await json(await app.api('/toolkits?limit=200'), 200)
    expect(seen).toEqual(all.toolkits.map((k: { id: string }) => k.id))
  })
})

describe('tools', () => {
  test('input_schema is stored and returned verbatim, with title, output_schema and annotations', async () => {
    const kit = await createToolkit(app, 'schema-kit')
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { city: { type: 'string', minLength: 1, description: 'a city' } },
      properties: { city: { $ref: '#/$defs/city' }, units: { type: 'string', enum: ['c', 'f'], default: 'c' } },
      required: ['city'],
      additionalProperties: false,
    }
    await createFunction(app, {
      name: 'weather',
      runtime: 'javascript',
      code: 'export default async () => ({ temp: 21 })',
    })
    const tool = await createTool(app, {
      toolkit_id: kit.id,
      name: 'get_weather',
      title: 'Weather',
      description: 'current weather',
      function_name: 'weather',
      input_schema: schema,
      output_schema: { type: 'object', properties: { temp: { type: 'number' } } },
      annotations: { readOnlyHint: true },
      credential_provider: 'weatherco',
    })
    expect(tool.input_schema).toEqual(schema)
    expect(Object.keys(tool.input_schema)).toEqual(Object.keys(schema))
    expect(tool).toMatchObject({
      toolkit_id: kit.id,
      name: 'get_weather',
      title: 'Weather',
      function_name: 'weather',
      credential_provider: 'weatherco',
      annotations: { readOnlyHint: true },
    })

    const got = await json(await app.api(`/tools/${tool.id}`), 200)
    expect(got.input_schema).toEqual(schema)
    const listed = await json(await app.api(`/tools?toolkit_id=${kit.id}`), 200)
    expect(listed.tools.map((t: { id: string }) => t.id)).toEqual([tool.id])
  })

  test('a draft-07 schema with definitions compiles', async () => {
    const kit = await createToolkit(app, 'draft7-kit')
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      definitions: { n: { type: 'integer' } },
      properties: { n: { $ref: '#/definitions/n' } },
    }
    const tool = await createTool(app, {
      toolkit_id: kit.id,
      name: 'd7',
      function_name: 'builtin.utilities.echo',
      input_schema: schema,
    })
    expect(tool.input_schema).toEqual(schema)
  })

  test('an invalid schema or a non-object schema is 400 naming body.input_schema', async () => {
    const kit = await createToolkit(app, 'bad-schema-kit')
    const bad = await json(
      await app.api('/tools', {
        body: {
          toolkit_id: kit.id,
          name: 't',
          function_name: 'builtin.utilities.echo',
          input_schema: { type: 'object', properties: { a: { type: 'nonsense' } } },
        },
      }),
      400,
    )
    expectError(bad, 'bad_request', 'body.input_schema')
    const notObject = await json(
      await app.api('/tools', {
        body: {
          toolkit_id: kit.id,
          name: 't',
          function_name: 'builtin.utilities.echo',
          input_schema: { type: 'string' },
        },
      }),
      400,
    )
    expectError(notObject, 'bad_request', 'body.input_schema')
    const badOut = await json(
      await app.api('/tools', {
        body: {
          toolkit_id: kit.id,
          name: 't',
          function_name: 'builtin.utilities.echo',
          input_schema: objectSchema(),
          output_schema: { type: 'object', required: 5 },
        },
      }),
      400,
    )
    expectError(badOut, 'bad_request', 'body.output_schema')
  })

  test('a misspelt type is one 400 naming the field path, the bad value and the allowed types', async () => {
    const kit = await createToolkit(app, 'typo-kit')
    const schema = {
      type: 'object',
      properties: { type: { type: 'string' }, items: { type: 'array', items: { type: 'intger' } } },
    }
    const r = await app.api('/tools', {
      body: { toolkit_id: kit.id, name: 't', function_name: 'builtin.utilities.echo', input_schema: schema },
    })
    const bad = await json(r, 400)
    expect(bad.details).toEqual([
      {
        field: 'body.input_schema.properties.items.items.type',
        message: expect.stringContaining('"intger" is not a JSON Schema type'),
      },
    ])
    expect(bad.error).toContain('input_schema.properties.items.items.type')
    expect(bad.error).toContain('"intger"')
    expect(bad.error).toContain('"integer"')
    expect(bad.error.split('must').length).toBe(1)
    // A property named "type" is a schema, not the keyword.
    await createTool(app, {
      toolkit_id: kit.id,
      name: 'ok',
      function_name: 'builtin.utilities.echo',
      input_schema: { ...schema, properties: { type: { type: 'string' } } },
    })
  })

  test('names: pattern enforced, unique per toolkit (409), same name allowed in another toolkit', async () => {
    const a = await createToolkit(app, 'names-a')
    const b = await createToolkit(app, 'names-b')
    expectError(
      await json(
        await app.api('/tools', {
          body: {
            toolkit_id: a.id,
            name: 'bad name!',
            function_name: 'builtin.utilities.echo',
            input_schema: objectSchema(),
          },
        }),
        400,
      ),
      'validation_failed',
      'body.name',
    )
    await createTool(app, { toolkit_id: a.id, name: 'same', function_name: 'builtin.utilities.echo' })
    expectError(
      await json(
        await app.api('/tools', {
          body: {
            toolkit_id: a.id,
            name: 'same',
            function_name: 'builtin.utilities.echo',
            input_schema: objectSchema(),
          },
        }),
        409,
      ),
      'conflict',
      'same',
    )
    await createTool(app, { toolkit_id: b.id, name: 'same', function_name: 'builtin.utilities.echo' })
  })

  test('names providers refuse (over 64 characters, a ".") are kept, with warnings on create and update', async () => {
    const kit = await createToolkit(app, 'warn-kit')
    const long = 'x'.repeat(70)
    const created = await createTool(app, { toolkit_id: kit.id, name: long, function_name: 'builtin.utilities.echo' })
    expect(created.name).toBe(long)
    expect(created.warnings).toEqual([expect.stringContaining('70 characters')])
    expect(created.warnings[0]).toContain('64')
    const plain = await createTool(app, {
      toolkit_id: kit.id,
      name: 'plain_name',
      function_name: 'builtin.utilities.echo',
    })
    expect(plain.warnings).toBeUndefined()
    const dotted = await json(
      await app.api(`/tools/${plain.id}`, { method: 'PATCH', body: { name: 'crm.lookup' } }),
      200,
    )
    expect(dotted.name).toBe('crm.lookup')
    expect(dotted.warnings).toEqual([expect.stringContaining('contains "."')])
    // A read shows the tool as stored, without warnings.
    expect((await json(await app.api(`/tools/${plain.id}`), 200)).warnings).toBeUndefined()
  })

  test('unknown toolkit is 404; patch and delete a tool', async () => {
    expectError(
      await json(
        await app.api('/tools', {
          body: {
            toolkit_id: '0190a1b2-0000-7000-8000-000000000000',
            name: 't',
            function_name: 'builtin.utilities.echo',
            input_schema: objectSchema(),
          },
        }),
        404,
      ),
      'not_found',
    )
    const kit = await createToolkit(app, 'patch-kit')
    const tool = await createTool(app, {
      toolkit_id: kit.id,
      name: 'p1',
      function_name: 'builtin.utilities.echo',
      title: 'Old',
    })
    const patched = await json(
      await app.api(`/tools/${tool.id}`, {
        method: 'PATCH',
        body: {
          description: 'now described',
          title: null,
          input_schema: objectSchema({ q: { type: 'string' } }, ['q']),
        },
      }),
      200,
    )
    expect(patched.description).toBe('now described')
    expect(patched.title).toBeUndefined()
    expect(patched.input_schema.required).toEqual(['q'])
    expectError(
      await json(
        await app.api(`/tools/${tool.id}`, { method: 'PATCH', body: { input_schema: { type: 'array' } } }),
        400,
      ),
      'bad_request',
      'body.input_schema',
    )
    await json(await app.api(`/tools/${tool.id}`, { method: 'DELETE' }), 200)
    expectError(await json(await app.api(`/tools/${tool.id}`), 404), 'not_found')
  })
})

describe('functions', () => {
  test('javascript and http functions: create, get, list, patch, delete', async () => {
    const js = await createFunction(app, {
      name: 'add',
      runtime: 'javascript',
      code: 'export default async (i) => i.a + i.b',
      description: 'adds',
    })
    expect(js).toMatchObject({
      name: 'add',
      runtime: 'javascript',
      memory_mb: 64,
      timeout_ms: 10000,
      description: 'adds',
    })
    const http = await createFunction(app, {
      name: 'fetch-thing',
      runtime: 'http',
      http: { url: 'https://example.com/{{args.id}}', method: 'GET' },
    })
    expect(http.http).toEqual({ url: 'https://example.com/{{args.id}}', method: 'GET' })
    expect(http.code).toBeUndefined()

    const list = await json(await app.api('/functions'), 200)
    expect(list.functions.map((f: { name: string }) => f.name)).toEqual(expect.arrayContaining(['add', 'fetch-thing']))
    const patched = await json(
      await app.api(`/functions/${js.id}`, {
        method: 'PATCH',
        body: { timeout_ms: 500, code: 'export default async () => 1' },
      }),
      200,
    )
    expect(patched).toMatchObject({ timeout_ms: 500, code: 'export default async () => 1' })
    await json(await app.api(`/functions/${http.id}`, { method: 'DELETE' }), 200)
    expectError(await json(await app.api(`/functions/${http.id}`), 404), 'not_found')
  })

  test('validation: code/http required per runtime, timeout cap, builtin.* reserved, duplicate 409', async () => {
    expectError(
      await json(await app.api('/functions', { body: { name: 'nocode', runtime: 'javascript' } }), 400),
      'bad_request',
      'body.code',
    )
    expectError(
      await json(await app.api('/functions', { body: { name: 'nohttp', runtime: 'http' } }), 400),
      'bad_request',
      'body.http',
    )
    expectError(
      await json(
        await app.api('/functions', { body: { name: 'slow', runtime: 'javascript', code: 'x', timeout_ms: 60001 } }),
        400,
      ),
      'validation_failed',
      'body.timeout_ms',
    )
    expectError(
      await json(
        await app.api('/functions', { body: { name: 'builtin.echo', runtime: 'javascript', code: 'x' } }),
        400,
      ),
      'bad_request',
      'builtin.',
    )
    await createFunction(app, { name: 'twice', runtime: 'javascript', code: 'export default () => 1' })
    expectError(
      await json(
        await app.api('/functions', { body: { name: 'twice', runtime: 'javascript', code: 'export default () => 2' } }),
        409,
      ),
      'conflict',
      'twice',
    )
    const other = await app.newProject('other-fn')
    await createFunction(app, { name: 'twice', runtime: 'javascript', code: 'export default () => 3' }, other.apiKey)
  })
})

describe('pre-built toolkits', () => {
  test('listed to every project, readable with their tools, and immutable', async () => {
    const other = await app.newProject('prebuilt-other')
    for (const key of [app.apiKey, other.apiKey]) {
      const { toolkits } = await json(await app.api('/toolkits', { key }), 200)
      const prebuilt = toolkits
        .filter((k: { toolkit_type: string }) => k.toolkit_type === 'prebuilt')
        .map((k: { name: string }) => k.name)
      expect(prebuilt).toEqual(expect.arrayContaining(['utilities', 'github', 'slack']))
    }
    const utilities = await json(await app.api('/toolkits/prebuilt-utilities', { key: other.apiKey }), 200)
    expect(utilities).toMatchObject({ id: 'prebuilt-utilities', toolkit_type: 'prebuilt', status: 'active' })
    const echo = utilities.tools.find((t: { name: string }) => t.name === 'echo')
    expect(echo).toMatchObject({ function_name: 'builtin.utilities.echo', input_schema: { type: 'object' } })
    expect(await json(await app.api(`/tools/${echo.id}`), 200)).toMatchObject({
      name: 'echo',
      toolkit_id: 'prebuilt-utilities',
    })
    const listed = await json(await app.api('/tools?toolkit_id=prebuilt-utilities'), 200)
    expect(listed.tools.map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining(['echo', 'current_time', 'uuid', 'http_request']),
    )

    expectError(
      await json(
        await app.api('/toolkits/prebuilt-utilities', { method: 'PUT', body: { description: 'mine now' } }),
        400,
      ),
      'bad_request',
      'pre-built',
    )
    expectError(
      await json(await app.api('/toolkits/prebuilt-utilities', { method: 'DELETE' }), 400),
      'bad_request',
      'pre-built',
    )
    expectError(
      await json(
        await app.api('/tools', {
          body: {
            toolkit_id: 'prebuilt-utilities',
            name: 'extra',
            function_name: 'builtin.utilities.echo',
            input_schema: objectSchema(),
          },
        }),
        400,
      ),
      'bad_request',
      'body.toolkit_id',
    )
    expectError(
      await json(await app.api(`/tools/${echo.id}`, { method: 'PATCH', body: { description: 'x' } }), 400),
      'bad_request',
    )
    expectError(await json(await app.api(`/tools/${echo.id}`, { method: 'DELETE' }), 400), 'bad_request')
    expect((await json(await app.api('/toolkits/prebuilt-utilities'), 200)).description).toBe(utilities.description)
  })
})
