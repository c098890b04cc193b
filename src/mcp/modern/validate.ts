// The checks a 2026-07-28 request passes before it runs: body shape, version header, `_meta`, and the routing headers
// (Mcp-Method, Mcp-Name, Mcp-Param-*) that must agree with the body. Each failure is answered with HTTP 400.
import type { JsonObject } from '../backend'
import { ProtocolError, RPC } from '../errors'
import { classify, isObject, type RpcId, type RpcRequest } from '../jsonrpc'
import { MODERN_VERSION, SUPPORTED_ALL } from '../versions'

export const META = {
  version: 'io.modelcontextprotocol/protocolVersion',
  capabilities: 'io.modelcontextprotocol/clientCapabilities',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const

/** A rejected request: the JSON-RPC error, the id to echo, and the HTTP status. */
export class ModernRejection extends ProtocolError {
  constructor(
    readonly id: RpcId | undefined,
    code: number,
    message: string,
    data?: unknown,
    readonly status = 400,
  ) {
    super(code, message, data)
  }
}

export type Validated =
  | { kind: 'request'; req: RpcRequest; capabilities: JsonObject; meta: JsonObject }
  | { kind: 'accepted' }

/** The methods whose Mcp-Name header carries a param: the tool, prompt, resource or task the request names. */
const NAMED: Record<string, string> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
}

/** `=?base64?…?=` carries a value that is not a plain header value; anything else is literal. Bad base64 → null. */
function decodeHeaderValue(raw: string): string | null {
  const v = raw.trim()
  if (!(v.startsWith('=?base64?') && v.endsWith('?=') && v.length >= 11)) return v
  const b64 = v.slice(9, -2)
  if (b64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) return null
  return Buffer.from(b64, 'base64').toString('utf8')
}

export function validateModern(headers: Headers, body: unknown): Validated {
  if (Array.isArray(body))
    throw new ModernRejection(undefined, RPC.INVALID_REQUEST, 'Invalid Request: 2026-07-28 has no batches')
  const m = classify(body)
  if (m.kind === 'invalid') throw new ModernRejection(m.id, RPC.INVALID_REQUEST, m.message)
  if (m.kind !== 'request') return { kind: 'accepted' }
  const { id, method, params } = m.msg
  const mismatch = (message: string) => new ModernRejection(id, RPC.HEADER_MISMATCH, `Header mismatch: ${message}`)

  const header = headers.get('mcp-protocol-version')?.trim()
  if (!header) throw mismatch('the MCP-Protocol-Version header is required')
  if (header !== MODERN_VERSION)
    throw new ModernRejection(
      id,
      RPC.UNSUPPORTED_VERSION,
      `Unsupported protocol version "${header}" (supported versions: ${SUPPORTED_ALL.join(', ')}; ` +
        'the session revisions start with initialize)',
      { supported: SUPPORTED_ALL, requested: header },
    )
  const meta = params._meta
  if (!isObject(meta) || typeof meta[META.version] !== 'string' || !isObject(meta[META.capabilities]))
    throw new ModernRejection(
      id,
      RPC.INVALID_PARAMS,
      `Invalid params: _meta must carry "${META.version}" and "${META.capabilities}" (an object)`,
    )
  if (meta[META.version] !== header)
    throw mismatch(`_meta protocol version "${meta[META.version]}" differs from the header "${header}"`)
  const methodHeader = headers.get('mcp-method')?.trim()
  if (methodHeader !== method) throw mismatch(`the Mcp-Method header must be "${method}"`)
  const field = NAMED[method]
  if (field !== undefined) {
    const raw = headers.get('mcp-name')
    const name = raw === null ? null : decodeHeaderValue(raw)
    if (name === null || name !== params[field]) throw mismatch(`the Mcp-Name header must equal params.${field}`)
  }
  return { kind: 'request', req: m.msg, capabilities: meta[META.capabilities] as JsonObject, meta }
}

/** The arguments a tool mirrors into `Mcp-Param-{X}` headers (`x-mcp-header: X` on a property) must match them. */
export function checkParamHeaders(schema: JsonObject, args: JsonObject, headers: Headers, id: RpcId): void {
  const visit = (s: unknown, value: unknown) => {
    if (!isObject(s) || !isObject(s.properties) || !isObject(value)) return
    for (const [prop, sub] of Object.entries(s.properties)) {
      const v = value[prop]
      if (v === undefined || v === null || !isObject(sub)) continue
      if (typeof sub['x-mcp-header'] === 'string') {
        const raw = headers.get(`mcp-param-${sub['x-mcp-header']}`)
        const got = raw === null ? null : decodeHeaderValue(raw)
        if (got === null || !sameValue(got, v))
          throw new ModernRejection(
            id,
            RPC.HEADER_MISMATCH,
            `Header mismatch: Mcp-Param-${sub['x-mcp-header']} must carry the argument "${prop}"`,
          )
      }
      visit(sub, v)
    }
  }
  visit(schema, args)
}

function sameValue(header: string, value: unknown): boolean {
  if (typeof value === 'number') return header.trim() !== '' && Number(header) === value
  if (typeof value === 'boolean') return header === String(value)
  return typeof value === 'string' ? header === value : header === JSON.stringify(value)
}
