// How the dashboard talks to the app: REST calls and MCP requests made in-process with the session's key, so a page
// sees exactly what that key may see, and the playground goes through the real protocol endpoint.
import { asDashboardMember } from '../lib/dashboard-member'
import type { UiSession } from './session'

/** A refused REST call: the API's message, and its details (a function's error names the line there). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details: { field: string; message: string }[] = [],
  ) {
    super(message)
  }
}

export interface ApiClient {
  // biome-ignore lint/suspicious/noExplicitAny: the pages read a few fields of each answer
  api(method: string, path: string, body?: unknown): Promise<any>
  /** One JSON-RPC request to POST /mcp/{slug}; the answer and the log notifications sent before it. */
  mcp(slug: string, method: string, params: unknown): Promise<McpAnswer>
}

interface McpAnswer {
  // biome-ignore lint/suspicious/noExplicitAny: a JSON-RPC result as the server sent it
  result?: any
  error?: { code: number; message: string }
  logs: { level: string; data: unknown }[]
}

/** A protocol version that needs no initialize round (one request, as the reliability tests send it). */
const PROTOCOL_VERSION = '2025-03-26'

export function apiClient(
  session: UiSession,
  handle: (request: Request) => Promise<Response>,
  /** The public base URL: the MCP endpoint checks the Host header (DNS-rebinding protection), so requests carry it. */
  publicUrl: string,
): ApiClient {
  const key = session.apiKey ?? ''
  // The audit trail names the member (src/lib/dashboard-member.ts): the session's, else the signed-in key.
  const member = session.member ?? 'admin key'
  return {
    async api(method, path, body) {
      const requestId = Bun.randomUUIDv7()
      const res = await asDashboardMember(requestId, member, () =>
        handle(
          new Request(`http://toolyard.internal/mcp${path}`, {
            method,
            headers: {
              'x-api-key': key,
              'x-request-id': requestId,
              ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
        ),
      )
      const data = (await res.json().catch(() => ({}))) as Record<string, unknown>
      if (!res.ok)
        throw new ApiError(
          String(data.error ?? `HTTP ${res.status}`),
          res.status,
          Array.isArray(data.details) ? data.details : [],
        )
      return data
    },
    async mcp(slug, method, params) {
      const res = await handle(
        new Request(`${publicUrl}/mcp/${encodeURIComponent(slug)}`, {
          method: 'POST',
          headers: {
            host: new URL(publicUrl).host,
            'x-api-key': key,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': PROTOCOL_VERSION,
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        }),
      )
      const text = await res.text()
      // A JSON answer, or an SSE stream of messages: log notifications, then the response with our id.
      const messages = (res.headers.get('content-type') ?? '').includes('text/event-stream')
        ? text
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => safeJson(l.slice(5).trim()))
        : [safeJson(text)]
      const logs = messages
        .filter((m) => m?.method === 'notifications/message')
        .map((m) => ({ level: String(m.params?.level ?? 'info'), data: m.params?.data }))
      const answer = messages.find((m) => m && m.id === 1)
      if (!answer) return { error: { code: res.status, message: `HTTP ${res.status}: ${text.slice(0, 300)}` }, logs }
      return { result: answer.result, error: answer.error, logs }
    },
  }
}

// biome-ignore lint/suspicious/noExplicitAny: parsed JSON-RPC messages
function safeJson(text: string): any {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
