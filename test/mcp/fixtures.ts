// Builds tools through Toolyard's REST API (toolkit → functions → tools → server) for the protocol tests.
import type { TestApp } from '../helpers/app'
import { createServer } from './helpers'

export interface ToolSpec {
  name: string
  description?: string
  title?: string
  input_schema?: Record<string, unknown>
  output_schema?: Record<string, unknown>
  /** JavaScript module source (default export async (input, ctx) => result), or an HTTP function spec. */
  code?: string
  http?: Record<string, unknown>
  /** A function name that exists nowhere (the tool has no backing function). */
  function_name?: string
}

async function must(res: Response, what: string): Promise<any> {
  if (res.status !== 201 && res.status !== 200) throw new Error(`${what} failed: ${res.status} ${await res.text()}`)
  return res.json()
}

/** Creates a hosted toolkit holding the given tools (each with its own function) and returns its id. */
export async function createToolkit(app: TestApp, name: string, tools: ToolSpec[], key = app.apiKey): Promise<string> {
  const kit = await must(await app.api('/toolkits', { body: { name }, key }), 'toolkit')
  for (const t of tools) {
    let functionName = t.function_name
    if (!functionName) {
      functionName = `${name}.${t.name}`
      const fn = t.http
        ? { name: functionName, runtime: 'http', http: t.http }
        : { name: functionName, runtime: 'javascript', code: t.code }
      await must(await app.api('/functions', { body: fn, key }), `function ${functionName}`)
    }
    const body: Record<string, unknown> = {
      toolkit_id: kit.id,
      name: t.name,
      description: t.description ?? `${t.name} (test tool)`,
      function_name: functionName,
      input_schema: t.input_schema ?? { type: 'object', properties: {} },
    }
    if (t.title) body.title = t.title
    if (t.output_schema) body.output_schema = t.output_schema
    await must(await app.api('/tools', { body, key }), `tool ${t.name}`)
  }
  return kit.id
}

/** The id of a pre-built toolkit by name (e.g. "utilities"). */
export async function prebuiltToolkitId(app: TestApp, name: string): Promise<string> {
  const { toolkits } = await must(await app.api('/toolkits?limit=200'), 'toolkits')
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
