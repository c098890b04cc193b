// REST helpers over a TestApp: one call with its status and parsed body, status-checked JSON, the error envelope,
// and creators for the records most tests need (toolkits, functions, tools, servers).
import { expect } from 'bun:test'
import type { TestApp } from './app'

type ApiInit = Parameters<TestApp['api']>[1]

export interface ApiResult {
  status: number
  /** The parsed JSON body, or the text when it is not JSON. */
  body: any
  text: string
}

/**
 * One REST call; never throws on an HTTP status, so tests can assert on it. `app` is a test app, or anything with the
 * same `api` (the scale-out tests' three instances behind their proxy).
 */
export async function call<I = ApiInit>(
  app: { api(path: string, init?: I): Promise<Response> },
  path: string,
  init?: I,
): Promise<ApiResult> {
  const res = await app.api(path, init)
  const text = await res.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = text
  }
  return { status: res.status, body, text }
}

/** The JSON body of `res`, failing with the body's text when the status is not `status`. */
export async function json<T = any>(res: Response, status: number): Promise<T> {
  const body = await res.text()
  if (res.status !== status) throw new Error(`expected HTTP ${status}, got ${res.status}: ${body}`)
  return (body ? JSON.parse(body) : undefined) as T
}

export function expectError(body: { code: string; error: string }, code: string, mentions?: string) {
  expect(body.code).toBe(code)
  if (mentions) expect(body.error + JSON.stringify((body as { details?: unknown }).details ?? [])).toContain(mentions)
}

export const objectSchema = (properties: Record<string, unknown> = {}, required: string[] = []) => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
})

export async function createToolkit(app: TestApp, name: string, key?: string) {
  return json(await app.api('/toolkits', { body: { name }, key }), 201)
}

export async function createTool(app: TestApp, body: Record<string, unknown>, key?: string) {
  return json(await app.api('/tools', { body: { input_schema: objectSchema(), ...body }, key }), 201)
}

export async function createFunction(app: TestApp, body: Record<string, unknown>, key?: string) {
  return json(await app.api('/functions', { body, key }), 201)
}

/** Creates a server and returns its record ({id, slug, url, …}). */
export async function createServer(
  app: TestApp,
  body: Record<string, unknown>,
  key?: string,
): Promise<{ id: string; slug: string; url: string } & Record<string, any>> {
  return (await json(await app.api('/servers', { body, key }), 201)).data
}

export async function serverDetail(app: TestApp, id: string, key?: string) {
  return (await json(await app.api(`/servers/${id}`, { key }), 200)).data
}

export interface ToolSpec {
  name: string
  description?: string
  title?: string
  input_schema?: Record<string, unknown>
  output_schema?: Record<string, unknown>
  /** JavaScript module source (default export async (input, ctx) => result), or an HTTP function spec. */
  code?: string
  http?: Record<string, unknown>
  /** The JavaScript function's own time limit (default 10 s). */
  timeout_ms?: number
  /** A function name that exists nowhere (the tool has no backing function). */
  function_name?: string
}

/** Creates a hosted toolkit holding the given tools (each with its own function `<kit>.<tool>`); returns its id. */
export async function toolkitWithTools(app: TestApp, name: string, tools: ToolSpec[], key?: string): Promise<string> {
  const kit = await createToolkit(app, name, key)
  for (const t of tools) {
    let functionName = t.function_name
    if (!functionName) {
      functionName = `${name}.${t.name}`
      await createFunction(
        app,
        t.http
          ? { name: functionName, runtime: 'http', http: t.http }
          : {
              name: functionName,
              runtime: 'javascript',
              code: t.code,
              ...(t.timeout_ms ? { timeout_ms: t.timeout_ms } : {}),
            },
        key,
      )
    }
    await createTool(
      app,
      {
        toolkit_id: kit.id,
        name: t.name,
        description: t.description ?? `${t.name} (test tool)`,
        function_name: functionName,
        input_schema: t.input_schema ?? { type: 'object', properties: {} },
        ...(t.title ? { title: t.title } : {}),
        ...(t.output_schema ? { output_schema: t.output_schema } : {}),
      },
      key,
    )
  }
  return kit.id
}

/** The id of a pre-built toolkit by name (e.g. "utilities"). */
export async function prebuiltToolkitId(app: TestApp, name: string): Promise<string> {
  const { toolkits } = await json(await app.api('/toolkits?limit=200'), 200)
  const kit = (toolkits as { id: string; name: string; toolkit_type: string }[]).find(
    (k) => k.name === name && k.toolkit_type === 'prebuilt',
  )
  if (!kit) throw new Error(`no pre-built toolkit ${name}`)
  return kit.id
}

export async function serverWithToolkits(
  app: TestApp,
  name: string,
  toolkitIds: string[],
  extra: Record<string, unknown> = {},
) {
  return createServer(app, { name, toolkits: toolkitIds.map((toolkit_id) => ({ toolkit_id })), ...extra })
}
