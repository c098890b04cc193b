// Request bodies under a byte budget and JSON under a nesting budget, checked before anything parses or authenticates
// (docs/decisions.md, "Limits"): the declared Content-Length first, then the bytes as they stream in.
import { AppError } from './errors'

/** Raised when a body is over the byte budget; REST answers 413 payload_too_large, the protocol a JSON-RPC 413. */
export class PayloadTooLargeError extends AppError {
  constructor(readonly limit: number) {
    super('payload_too_large', `request body too large (limit ${limit} bytes)`)
  }
}

/** Raised when JSON nests deeper than the budget: a 400, never a stack overflow further on. */
export class TooDeepError extends AppError {
  constructor(readonly limit: number) {
    super('invalid_json', `request body is nested deeper than ${limit} levels`)
  }
}

/** Whether the declared length alone already breaks the budget (no byte is read then). */
export function declaredTooLarge(headers: Headers, limit: number): boolean {
  const raw = headers.get('content-length')
  if (raw === null) return false
  const n = Number(raw)
  return Number.isFinite(n) && n > limit
}

/** Reads the body, stopping (and cancelling the stream) as soon as it passes `limit` bytes. */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (declaredTooLarge(request.headers, limit)) throw new PayloadTooLargeError(limit)
  if (!request.body) return new Uint8Array(new ArrayBuffer(0))
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      await reader.cancel().catch(() => {})
      throw new PayloadTooLargeError(limit)
    }
    chunks.push(value)
  }
  const out = new Uint8Array(new ArrayBuffer(total))
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.byteLength
  }
  return out
}

export async function readBodyText(request: Request, limit: number): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(request, limit))
}

/**
 * The deepest nesting of arrays/objects in JSON text, scanning bytes (strings skipped) so it is linear and never
 * recurses; stops counting once past `limit`.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92) i++ // backslash: skip the escaped character
      else if (c === 34) inString = false
      continue
    }
    if (c === 34) inString = true
    else if (c === 91 || c === 123) {
      if (++depth > limit) return true
    } else if (c === 93 || c === 125) depth--
  }
  return false
}

/** JSON.parse behind the nesting budget: TooDeepError when too deep, SyntaxError when not JSON. */
export function parseJsonBounded(text: string, maxDepth: number): unknown {
  if (jsonDepthExceeds(text, maxDepth)) throw new TooDeepError(maxDepth)
  return JSON.parse(text)
}

export interface BodyLimits {
  maxBodyBytes: number
  maxJsonDepth: number
}

/**
 * The REST body parser (Elysia's parse phase, which runs before the guard's key check): every content type is read
 * under the byte budget; JSON also under the nesting budget.
 */
export async function parseRestBody(request: Request, contentType: string, limits: BodyLimits): Promise<unknown> {
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  const bytes = await readBodyBytes(request, limits.maxBodyBytes)
  if (type === 'application/json' || type.endsWith('+json')) {
    const text = new TextDecoder().decode(bytes)
    if (text.trim() === '') return undefined
    return parseJsonBounded(text, limits.maxJsonDepth)
  }
  if (type === 'application/x-www-form-urlencoded')
    return Object.fromEntries(new URLSearchParams(new TextDecoder().decode(bytes)))
  if (type === 'multipart/form-data') {
    const form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData()
    return Object.fromEntries(form)
  }
  if (type.startsWith('text/')) return new TextDecoder().decode(bytes)
  return bytes.byteLength ? bytes.buffer : undefined
}
