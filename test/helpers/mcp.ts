// Protocol helpers: raw JSON-RPC over HTTP to /mcp/{slug} (sessions, version headers) and the real SDK client.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { TestApp } from './app'

const ACCEPT_BOTH = 'application/json, text/event-stream'

/** Where raw requests go: an in-process TestApp, or any running server (e.g. the compiled binary) and a key. */
type McpTarget = Pick<TestApp, 'base' | 'apiKey'>

export interface RawOptions {
  key?: string | null
  headers?: Record<string, string>
  method?: string
}

/** POSTs a body (object or raw string) to /mcp/{slug} with JSON + SSE in Accept and the test key. */
export function post(app: McpTarget, slug: string, body: unknown, o: RawOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: ACCEPT_BOTH,
    ...(o.headers ?? {}),
  }
  const key = o.key === undefined ? app.apiKey : o.key
  if (key) headers['x-api-key'] = key
  return fetch(`${app.base}/${slug}`, {
    method: o.method ?? 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

export const initializeBody = (
  protocolVersion = '2025-11-25',
  capabilities: Record<string, unknown> = {},
  id: number | string = 0,
) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities, clientInfo: { name: 'raw-test', version: '1.0.0' } },
})

/** initialize + notifications/initialized; returns the session id and headers to reuse. */
export async function openSession(
  app: McpTarget,
  slug: string,
  version = '2025-11-25',
  capabilities: Record<string, unknown> = {},
  key: string | null = app.apiKey,
) {
  const res = await post(app, slug, initializeBody(version, capabilities), { key })
  if (res.status !== 200) throw new Error(`initialize failed: ${res.status}`)
  const sessionId = res.headers.get('mcp-session-id')
  if (!sessionId) throw new Error('no session id')
  const result = ((await res.json()) as { result: { protocolVersion: string } }).result
  const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': result.protocolVersion }
  const ack = await post(app, slug, { jsonrpc: '2.0', method: 'notifications/initialized' }, { key, headers })
  if (ack.status !== 202) throw new Error(`initialized failed: ${ack.status}`)
  return { sessionId, headers, result }
}

/** Every path in a JSON document whose value is null (optional fields are omitted, never null). */
export function findNulls(v: unknown, path = '$'): string[] {
  if (v === null) return [path]
  if (Array.isArray(v)) return v.flatMap((x, i) => findNulls(x, `${path}[${i}]`))
  if (typeof v === 'object') return Object.entries(v as object).flatMap(([k, x]) => findNulls(x, `${path}.${k}`))
  return []
}

/** The real SDK client connected to a server (slug under app.base, or a full URL) with the project's key. */
export async function connectClient(
  app: TestApp,
  server: string | URL,
  opts: { capabilities?: Record<string, unknown>; key?: string } = {},
) {
  const url = server instanceof URL || /^https?:/.test(server) ? new URL(server) : new URL(`${app.base}/${server}`)
  const client = new Client({ name: 'toolyard-test', version: '1.0.0' }, { capabilities: opts.capabilities ?? {} })
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { 'X-API-Key': opts.key ?? app.apiKey } },
  })
  await client.connect(transport)
  return { client, transport }
}

/** The JSON-RPC error an SDK request was rejected with; fails when the request succeeds. */
export async function rpcError(p: Promise<unknown>) {
  try {
    await p
  } catch (e) {
    return e as { code: number; message: string; data?: unknown }
  }
  throw new Error('expected a JSON-RPC error')
}
