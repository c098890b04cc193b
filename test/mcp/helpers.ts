// Shared helpers for the protocol tests: create servers through REST and talk raw JSON-RPC over HTTP.
import type { TestApp } from '../helpers/app'

const ACCEPT_BOTH = 'application/json, text/event-stream'

export async function createServer(
  app: TestApp,
  body: Record<string, unknown>,
  key = app.apiKey,
): Promise<{ id: string; slug: string; url: string }> {
  const res = await app.api('/servers', { body, key })
  if (res.status !== 201) throw new Error(`creating server failed: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { data: { id: string; slug: string; url: string } }).data
}

export interface RawOptions {
  key?: string | null
  headers?: Record<string, string>
  method?: string
}

/** POSTs a body (object or raw string) to /mcp/{slug} with JSON + SSE in Accept and the test key. */
export function post(app: TestApp, slug: string, body: unknown, o: RawOptions = {}): Promise<Response> {
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
  app: TestApp,
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

/** Recursively asserts that no value in a JSON document is null (optional fields are omitted, not null). */
export function findNulls(v: unknown, path = '$'): string[] {
  if (v === null) return [path]
  if (Array.isArray(v)) return v.flatMap((x, i) => findNulls(x, `${path}[${i}]`))
  if (typeof v === 'object') return Object.entries(v as object).flatMap(([k, x]) => findNulls(x, `${path}.${k}`))
  return []
}
