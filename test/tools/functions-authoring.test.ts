// Writing functions: code checked at save, TypeScript, the sandbox's globals, errors naming the user's line,
// POST /functions/{id}/invoke, and 409 in_use on deleting a used function — over HTTP and the real SDK client.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { call, createFunction, createServer, createTool, createToolkit, expectError, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient } from '../helpers/mcp'

let app: TestApp
let upstream: ReturnType<typeof Bun.serve>
beforeAll(async () => {
  app = await startTestApp()
  upstream = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (req) => Response.json({ path: new URL(req.url).pathname, auth: req.headers.get('authorization') ?? null }),
  })
})
afterAll(async () => {
  upstream.stop(true)
  await app.stop()
})

const invoke = async (id: string, body: Record<string, unknown> = {}) =>
  json(await app.api(`/functions/${id}/invoke`, { body }), 200)

describe('code is checked at save', () => {
  test('a syntax error is 400 invalid_function naming line and column, on body.code', async () => {
    const r = await call(app, '/functions', {
      body: { name: 'broken', runtime: 'javascript', code: 'export default async (input) => {\n  return input.;\n}' },
    })
    expect(r.status).toBe(400)
    expectError(r.body, 'invalid_function', 'line 2, column 16')
    expect(r.body.details[0].field).toBe('body.code')
  })

  test('TypeScript syntax errors name the line in the TypeScript source', async () => {
    const code = 'interface In { a: string }\n\nexport default async (input: In) => {\n  let y = ;\n}'
    const r = await call(app, '/functions', { body: { name: 'broken-ts', runtime: 'typescript', code } })
    expect(r.status).toBe(400)
    expectError(r.body, 'invalid_function', 'line 4, column 11')
  })

  test('no default export, or one that is not a function, is 400 invalid_function', async () => {
    const none = await call(app, '/functions', {
      body: { name: 'nodef', runtime: 'javascript', code: 'export const a = 1' },
    })
    expect(none.status).toBe(400)
    expectError(none.body, 'invalid_function', 'no default export')
    expect(none.body.error).toMatch(/line \d+, column \d+/)
    const notFn = await call(app, '/functions', {
      body: { name: 'notfn', runtime: 'javascript', code: 'const x = 1\nexport default { x }' },
    })
    expect(notFn.status).toBe(400)
    expectError(notFn.body, 'invalid_function', 'line 2, column 1')
    expect(notFn.body.error).toContain('not a function')
  })

  test('an import is 400 saying functions are single modules', async () => {
    const r = await call(app, '/functions', {
      body: { name: 'imports', runtime: 'javascript', code: 'import x from "lodash"\nexport default async () => x' },
    })
    expect(r.status).toBe(400)
    expect(r.body.error).toContain('single modules')
    expect(r.body.error).toContain('lodash')
  })

  test('PATCH checks the new code too; a valid PATCH is saved', async () => {
    const f = await createFunction(app, {
      name: 'patched',
      runtime: 'javascript',
      code: 'export default async () => 1',
    })
    const bad = await call(app, `/functions/${f.id}`, { method: 'PATCH', body: { code: 'export default (' } })
    expect(bad.status).toBe(400)
    expectError(bad.body, 'invalid_function', 'line 1, column')
    const ok = await call(app, `/functions/${f.id}`, {
      method: 'PATCH',
      body: { code: 'export default async () => 2' },
    })
    expect(ok.status).toBe(200)
    expect((await invoke(f.id)).result.content[0].text).toBe('2')
  })
})

describe('TypeScript and globals', () => {
  const tsCode = `// A TypeScript tool: types are stripped at save, the source is kept as sent.
interface Input { name: string; times?: number }

type Greeting = { greeting: string; id: string }

export default async (input: Input, ctx: unknown): Promise<Greeting> => {
  console.log('greeting', input.name)
  console.warn('careful')
  console.debug({ debug: true })
  await new Promise<void>((resolve) => setTimeout(resolve, 10))
  const url = new URL('/v1/items?q=1', 'https://api.example.com')
  url.searchParams.set('name', input.name)
  const bytes = new TextEncoder().encode(input.name)
  return {
    greeting: \`hello \${new TextDecoder().decode(bytes)} \${btoa('hi')} \${url.href}\`,
    id: crypto.randomUUID(),
  }
}
`
  test('runtime typescript: stored and returned as sent, runs like JavaScript with the globals', async () => {
    const f = await createFunction(app, { name: 'greet-ts', runtime: 'typescript', code: tsCode })
    expect(f.runtime).toBe('typescript')
    expect(f.code).toBe(tsCode)
    expect((await json(await app.api(`/functions/${f.id}`), 200)).code).toBe(tsCode)
    const out = await invoke(f.id, { input: { name: 'Ada' } })
    const value = JSON.parse(out.result.content[0].text)
    expect(value.greeting).toBe('hello Ada aGk= https://api.example.com/v1/items?q=1&name=Ada')
    expect(value.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(out.logs).toEqual([
      { level: 'info', message: 'greeting Ada' },
      { level: 'warning', message: 'careful' },
      { level: 'debug', message: '{"debug":true}' },
    ])
    expect(out.result.isError).toBe(false)
    expect(out.duration_ms).toBeGreaterThanOrEqual(0)
  })

  test('a thrown error names the user’s TypeScript line, mapped back through the transform', async () => {
    const code = `// comment lines and types vanish in the transform
interface In { n: number }
type Out = number


export default async (input: In): Promise<Out> => {
  const half: number = input.n / 2

  if (half > 1) throw new Error('too big')
  return half
}
`
    const f = await createFunction(app, { name: 'throws-ts', runtime: 'typescript', code })
    const out = await invoke(f.id, { input: { n: 10 } })
    expect(out.result).toEqual({ content: [{ type: 'text', text: 'too big (line 9)' }], isError: true })
    const js = await createFunction(app, {
      name: 'throws-js',
      runtime: 'javascript',
      code: 'export default async () => {\n  const o = null\n  return o.x\n}',
    })
    expect((await invoke(js.id)).result.content[0].text).toMatch(/\(line 3\)$/)
  })

  test('fetch is ctx.fetch (through the egress guard), with the invocation’s credential', async () => {
    const cred = await json(
      await app.api('/credentials', {
        body: { name: 'upstream', provider_id: 'api_key', credential_data: { api_key: 'k-123' } },
      }),
      201,
    )
    const f = await createFunction(app, {
      name: 'fetcher',
      runtime: 'typescript',
      code: `export default async (input: { base: string }, ctx: { credentials?: { api_key: string } }) => {
  const r = await fetch(input.base + '/hello', { headers: { authorization: 'Bearer ' + ctx.credentials?.api_key } })
  return await r.json()
}`,
    })
    const out = await invoke(f.id, { input: { base: `http://127.0.0.1:${upstream.port}` }, credential_id: cred.id })
    expect(JSON.parse(out.result.content[0].text)).toEqual({ path: '/hello', auth: 'Bearer k-123' })
    const missing = await call(app, `/functions/${f.id}/invoke`, { body: { credential_id: 'nope' } })
    expect(missing.status).toBe(404)
  })

  test('setTimeout is bounded by the deadline; ctx.log maps warn and unknown levels', async () => {
    const f = await createFunction(app, {
      name: 'sleepy',
      runtime: 'javascript',
      timeout_ms: 300,
      code: `export default async (input, ctx) => {
  ctx.log('warn', 'w'); ctx.log('shout', 's'); ctx.log('critical', 'c')
  await new Promise((r) => setTimeout(r, 60000))
  return 'never'
}`,
    })
    // The code waits 60 s; the answer naming the 300 ms limit is what ended it.
    const out = await invoke(f.id)
    expect(out.result.isError).toBe(true)
    expect(out.result.content[0].text).toContain('timed out after 300ms')
    expect(out.logs).toEqual([
      { level: 'warning', message: 'w' },
      { level: 'info', message: 's' },
      { level: 'critical', message: 'c' },
    ])
  })

  test('invoke of an unknown function is 404; bad body fields are 400', async () => {
    expect((await call(app, '/functions/00000000-0000-7000-8000-000000000000/invoke', { body: {} })).status).toBe(404)
    const f = await createFunction(app, { name: 'plain', runtime: 'javascript', code: 'export default async (i) => i' })
    expect((await call(app, `/functions/${f.id}/invoke`, { body: { inputs: {} } })).status).toBe(400)
    const out = await invoke(f.id, { input: { a: 1 } })
    expect(out.result).toEqual({ content: [{ type: 'text', text: '{\n  "a": 1\n}' }], isError: false })
  })
})

describe('the MCP client sees console output as log notifications', () => {
  test('a TypeScript tool called by the real SDK client', async () => {
    await createFunction(app, {
      name: 'talk-ts',
      runtime: 'typescript',
      code: `export default async (input: { who: string }): Promise<string> => {
  console.log('hello', input.who)
  console.error('oops')
  console.debug('details')
  return 'done'
}`,
    })
    const kit = await createToolkit(app, 'talking')
    await createTool(app, {
      toolkit_id: kit.id,
      name: 'talk',
      description: 'talks',
      function_name: 'talk-ts',
      input_schema: { type: 'object', properties: { who: { type: 'string' } } },
    })
    const server = await createServer(app, { name: 'talkers', toolkits: [{ toolkit_id: kit.id }] })
    const { client } = await connectClient(app, server.slug)
    const logs: { level: string; data: unknown }[] = []
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push({ level: n.params.level, data: n.params.data })
    })
    await client.setLoggingLevel('info')
    const r = await client.callTool({ name: 'talk', arguments: { who: 'Ada' } })
    expect(r.content).toEqual([{ type: 'text', text: 'done' }])
    expect(logs).toEqual([
      { level: 'info', data: 'hello Ada' },
      { level: 'error', data: 'oops' },
    ])
    await client.close()
  })
})

describe('deleting a function in use', () => {
  test('409 in_use listing the tools and resources; ?force=true deletes anyway', async () => {
    const f = await createFunction(app, {
      name: 'shared',
      runtime: 'javascript',
      code: 'export default async () => "x"',
    })
    const kit = await createToolkit(app, 'users-of-shared')
    const tool = await createTool(app, {
      toolkit_id: kit.id,
      name: 'uses-shared',
      description: 'd',
      function_name: 'shared',
    })
    const server = await createServer(app, { name: 'shared-server' })
    const resource = await json(
      await app.api('/resources', {
        body: {
          server_id: server.id,
          uri: 'memo://shared',
          name: 'shared',
          resource_type: 'dynamic',
          function_name: 'shared',
        },
      }),
      201,
    )
    const r = await call(app, `/functions/${f.id}`, { method: 'DELETE' })
    expect(r.status).toBe(409)
    expectError(r.body, 'in_use', 'uses-shared')
    expect(r.body.details).toEqual([
      { field: 'tool', message: `uses-shared (${tool.id})` },
      { field: 'resource', message: `memo://shared (${resource.id})` },
    ])
    expect((await call(app, `/functions/${f.id}`)).status).toBe(200)
    const forced = await call(app, `/functions/${f.id}?force=true`, { method: 'DELETE' })
    expect(forced.status).toBe(200)
    expect((await call(app, `/functions/${f.id}`)).status).toBe(404)
  })

  test('an unused function deletes at once', async () => {
    const f = await createFunction(app, { name: 'lonely', runtime: 'javascript', code: 'export default async () => 1' })
    expect((await call(app, `/functions/${f.id}`, { method: 'DELETE' })).status).toBe(200)
  })
})

describe('invoke has its own rate group', () => {
  test('functions_invoke: the limit answers 429 with Retry-After', async () => {
    const limited = await startTestApp({ TOOLYARD_RATE_LIMITS: '{"functions_invoke":2}' })
    try {
      const f = await createFunction(limited, {
        name: 'cheap',
        runtime: 'javascript',
        code: 'export default async () => 1',
      })
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) statuses.push((await call(limited, `/functions/${f.id}/invoke`, { body: {} })).status)
      expect(statuses).toEqual([200, 200, 429])
      const res = await limited.api(`/functions/${f.id}/invoke`, { body: {} })
      expect(res.headers.get('retry-after')).toBeTruthy()
      // Other groups are not charged: the function can still be read.
      expect((await call(limited, `/functions/${f.id}`)).status).toBe(200)
    } finally {
      await limited.stop()
    }
  })
})
